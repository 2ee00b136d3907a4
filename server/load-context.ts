import type { AppDeps } from "./http/context.ts";
import type { User } from "./db/store.ts";

/** What every loader and action receives as `context` (set in server/app.ts). */
declare module "react-router" {
  interface AppLoadContext {
    deps: AppDeps;
    user: User | null;
    clientIp: string;
    nonce: string | undefined;
  }
}

export {};
