import type { AppDeps } from "./http/context.ts";
import type { User } from "./auth/types.ts";

/** What every loader and action receives as `context` (set in server/app.ts). */
declare module "react-router" {
  interface AppLoadContext {
    deps: AppDeps;
    user: User | null;
    clientIp: string;
    nonce: string | undefined;
    /** A render for the page cache: complete before it is sent, kept for every visitor. */
    cacheRender: boolean;
  }
}

export {};
