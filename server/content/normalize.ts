import { randomBytes } from "node:crypto";
import type { DocumentKey, DocumentOf } from "#content/sections.ts";
import { carryFormerSlugs } from "#content/rules.ts";
import { blogPostSchema } from "#content/schemas.ts";
import { sanitizeMapEmbed, sanitizeRichHtml } from "./sanitize.ts";

type Normalizer<T> = (data: T, previous: T | undefined) => T;

const newPostId = () => randomBytes(9).toString("base64url");

const POST_FIELDS = Object.keys(blogPostSchema.shape);

/**
 * The post's fields in the schema's order, as a reader parses the stored JSON
 * back: the store keeps the saved document for its next readers
 * (server/content/store.ts), and they must get the very bytes a fresh read gives.
 */
const inSchemaOrder = <T extends object>(post: T): T =>
  Object.fromEntries(POST_FIELDS.filter((field) => field in post).map((field) => [field, post[field as keyof T]])) as T;

/**
 * Blog: every post gets a stable id the first time it is saved, and a renamed
 * post keeps its old address in `formerSlugs` (answered with a redirect).
 */
const normalizeBlog: Normalizer<DocumentOf<"blog">> = (data, previous) => {
  const posts = data.posts.map((post) => (post.id ? post : { id: newPostId(), ...post }));
  return { ...data, posts: carryFormerSlugs(previous?.posts ?? [], posts).map(inSchemaOrder) };
};

/**
 * Server-side clean-up applied to a validated document before it is stored,
 * given the document it replaces: HTML written by the admin is sanitised here
 * (and again when rendered), and blog posts keep their identity and addresses.
 */
const normalizers: { [K in DocumentKey]?: Normalizer<DocumentOf<K>> } = {
  "privacy-policy": (data) => ({ ...data, content: sanitizeRichHtml(data.content) }),
  "terms-conditions": (data) => ({ ...data, content: sanitizeRichHtml(data.content) }),
  contact: (data) => ({ ...data, mapEmbed: sanitizeMapEmbed(data.mapEmbed) }),
  blog: normalizeBlog,
};

export function normalizeDocument(key: DocumentKey, data: unknown, previous?: unknown): unknown {
  const normalize = normalizers[key] as Normalizer<unknown> | undefined;
  return normalize ? normalize(data, previous) : data;
}
