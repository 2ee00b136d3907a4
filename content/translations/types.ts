import type { BlogPost } from "../schemas.ts";
import type { DocumentKey, DocumentOf } from "../sections.ts";

/**
 * The built-in content in one language: every document in the shape of its
 * English defaults (content/defaults.ts), with the texts of
 * content/translatable.ts written in that language (everything else is read
 * from the English defaults, never from here), and the built-in posts' texts.
 */
export interface BuiltInTranslation {
  documents: { readonly [K in DocumentKey]: DocumentOf<K> };
  posts: Readonly<Record<string, Pick<BlogPost, "title" | "excerpt" | "content">>>;
}
