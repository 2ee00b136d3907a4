import { LogoStrip } from "../logo-strip.tsx";
import type { BlockProps } from "./types.ts";

/** The partners' logos in the home page's moving strip. */
export function LogosBlock({ sources }: BlockProps<"logos">) {
  return <LogoStrip logos={sources.logos ?? []} />;
}
