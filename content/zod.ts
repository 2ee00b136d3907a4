/**
 * The one zod every schema is built with, configured before any schema is
 * used. `jitless`: zod 4 otherwise probes `new Function` to compile fast
 * parsers, which the site's Content Security Policy (no 'unsafe-eval')
 * reports as a violation in the admin panel even though zod catches it.
 * Browser and server load this through content/schemas.ts.
 *
 * `mini` is zod/mini, for the few schemas a visitor's page ships (the chat's,
 * ./chat.ts): its functions leave out of the bundle what they do not use,
 * where `z` brings all of zod (docs/decisions/018-chat-home.md). Both share
 * zod's core, so the one setting below holds for both.
 */
import { z } from "zod";
import * as mini from "zod/mini";

mini.config({ jitless: true });

export { mini, z };
