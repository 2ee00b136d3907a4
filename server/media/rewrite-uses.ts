import type { DocumentKey } from "#content/sections.ts";
import { isDocumentKey } from "#content/sections.ts";
import { MEDIA_FILE_PARTS, type MediaUse } from "#content/media.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import type { Translation } from "#content/localize.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { MediaFile } from "./types.ts";

/** A file name without its version: `v2-9f3a6c01-960.webp` → size "960", format "webp". */
const FILE = MEDIA_FILE_PARTS;

/**
 * Which new file stands in for an old one: the new original for the original, else the new
 * variant of the same format nearest in width (the largest WebP when the format is gone).
 */
export function successorOf(oldName: string, files: readonly MediaFile[]): string | undefined {
  const match = FILE.exec(oldName);
  if (!match) return undefined;
  const [, size, ext] = match as unknown as [string, string, string];
  const strip = (name: string) => FILE.exec(name);
  if (size === "original") return files.find((file) => strip(file.name)?.[1] === "original")?.name;
  const width = Number(size);
  const variants = files.filter((file) => strip(file.name)?.[1] !== "original");
  const sameFormat = variants.filter((file) => strip(file.name)?.[2] === ext);
  const pool = sameFormat.length ? sameFormat : variants.filter((file) => file.type === "image/webp");
  return pool.reduce<MediaFile | undefined>(
    (best, file) => (!best || Math.abs(file.width - width) < Math.abs(best.width - width) ? file : best),
    undefined,
  )?.name;
}

/** `value` with every `/media/<id>/<old file>` in its texts pointing at the successor among `files`. */
export function withNewFiles<T>(value: T, id: string, files: readonly MediaFile[]): T {
  const pattern = new RegExp(`/media/${id}/([A-Za-z0-9.-]+)`, "g");
  const visit = (node: unknown): unknown => {
    if (typeof node === "string")
      return node.replace(pattern, (whole, name: string) => {
        const next = successorOf(name, files);
        return next ? `/media/${id}/${next}` : whole;
      });
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === "object")
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v)]));
    return node;
  };
  return visit(value) as T;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** How often a save that lost to another one at the same moment is tried again on the new version. */
const ATTEMPTS = 5;

/**
 * After an image's file was replaced: every document, post and translation using it is saved
 * again with its URLs pointing at the new files, as a new revision by `actor` (so the history
 * says who changed it, and an older revision still shows the older file, which is kept). Each
 * save goes through its record's own compare-and-set and tells open pages (the live events), as
 * an edit in the admin does. Returns how many records it saved.
 */
export async function rewriteUses(
  deps: { store: Pick<Store, "documents" | "translations" | "posts">; bus: EventBus },
  id: string,
  files: readonly MediaFile[],
  uses: readonly MediaUse[],
  actor: string | null,
): Promise<number> {
  const { store, bus } = deps;
  const records = new Map<string, MediaUse>();
  for (const use of uses) records.set(`${use.kind}|${use.id}|${use.locale ?? "en"}`, use);
  let saved = 0;
  for (const use of records.values()) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const outcome = await rewriteOne(use);
      if (outcome === "retry") continue;
      if (outcome === "saved") saved += 1;
      break;
    }
  }
  return saved;

  async function rewriteOne(use: MediaUse): Promise<"saved" | "unchanged" | "retry"> {
    const locale = use.locale === "en" ? undefined : (use.locale as TranslatedLocale | undefined);
    if (use.kind === "content") {
      if (!isDocumentKey(use.key)) return "unchanged";
      const key: DocumentKey = use.key;
      if (locale) {
        const current = await store.translations.get({ key, locale });
        const data = withNewFiles(current.data as Translation, id, files);
        if (same(data, current.data)) return "unchanged";
        const result = await store.translations.save({ key, locale }, data, current.version, actor);
        if (!result.ok) return "retry";
        bus.publish({ type: "content", key, locale, version: result.document.version });
        return "saved";
      }
      const current = await store.documents.get(key);
      const data = withNewFiles(current.data, id, files);
      if (same(data, current.data)) return "unchanged";
      const result = await store.documents.save(key, data, current.version, actor);
      if (!result.ok) return "retry";
      bus.publish({ type: "content", key, version: result.document.version });
      return "saved";
    }
    if (locale) {
      const found = await store.posts.translations.get(use.id, locale);
      const translation = found?.translation;
      if (!translation || "issues" in translation) return "unchanged";
      const { slug: _slug, formerSlugs: _formerSlugs, ...rest } = translation.data;
      const data = withNewFiles(rest, id, files);
      if (same(data, rest)) return "unchanged";
      const result = await store.posts.translations.save(use.id, locale, { data }, translation.version, actor);
      if (!result.ok) return result.reason === "conflict" ? "retry" : "unchanged";
      bus.publish({ type: "content", key: "post", id: use.id, locale, version: result.translation.version });
      return "saved";
    }
    const current = await store.posts.get(use.id);
    if (!current) return "unchanged";
    const data: BlogPost = withNewFiles(current.data, id, files);
    if (same(data, current.data)) return "unchanged";
    const result = await store.posts.save(use.id, data, current.version, actor);
    if (!result.ok) return result.current ? "retry" : "unchanged";
    bus.publish({ type: "content", key: "post", id: use.id, version: result.post.version });
    return "saved";
  }
}

/**
 * After an image's description changed (its alt text or decorative mark, which pages draw from
 * the library): every page showing it refreshes, and every instance's page cache lets go of it, as
 * after a save of the documents and posts using it (their current versions: nothing is saved).
 */
export async function announceUses(
  deps: { store: Pick<Store, "documents" | "posts">; bus: EventBus },
  uses: readonly MediaUse[],
): Promise<void> {
  const announced = new Set<string>();
  for (const use of uses) {
    const record = `${use.kind}|${use.id}`;
    if (announced.has(record)) continue;
    announced.add(record);
    if (use.kind === "content") {
      if (!isDocumentKey(use.key)) continue;
      const { version } = await deps.store.documents.get(use.key);
      deps.bus.publish({ type: "content", key: use.key, version });
    } else {
      const post = await deps.store.posts.get(use.id);
      if (post) deps.bus.publish({ type: "content", key: "post", id: use.id, version: post.version });
    }
  }
}
