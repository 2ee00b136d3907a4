import { storableText } from "./storable-text.ts";
import { mini as z } from "./zod.ts";

/**
 * The page a visitor's chat is on (`/services`), sent by the chat panel and
 * kept with its conversation (POST /api/chat) and with a lead from it (POST
 * /api/chat/lead): a path of at most `max` characters on one line. A NUL is
 * dropped, as from any stored text (decision 008); a space, a line break or
 * another control character is refused. Isomorphic, built with zod/mini as
 * the chat's contract is (./chat.ts).
 */
export const pagePath = (max: number) =>
  z
    .string({ error: "page must be text." })
    .check(
      z.overwrite(storableText),
      z.maxLength(max, "page is too long."),
      z.regex(/^\/[^\s\p{Cc}]*$/u, "page must be a path such as /services."),
    );
