/**
 * The one zod every schema is built with, configured before any schema is
 * used. `jitless`: zod 4 otherwise probes `new Function` to compile fast
 * parsers, which the site's Content Security Policy (no 'unsafe-eval')
 * reports as a violation in the admin panel even though zod catches it.
 * Browser and server load this through content/schemas.ts.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
