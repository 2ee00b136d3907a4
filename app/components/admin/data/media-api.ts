import { isTranslated, type Locale } from "#content/locales.ts";
import type { LibraryImage, MediaPage, MediaUpdate, MediaUse } from "#content/media.ts";
import { api, upload } from "#app/lib/api.ts";

/** The media library's calls (server/media/routes.ts); uploads are `uploadImage` (./admin-api.ts). */

export interface MediaListQuery {
  query?: string;
  page?: number;
  unused?: boolean;
  ids?: readonly string[];
  locale?: Locale;
}

export function listMedia({ query, page, unused, ids, locale }: MediaListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query) params.set("query", query);
  if (page && page > 1) params.set("page", String(page));
  if (unused) params.set("unused", "1");
  if (ids?.length) params.set("ids", ids.join(","));
  if (isTranslated(locale)) params.set("locale", locale);
  const search = params.toString();
  return api<MediaPage>(`/api/media${search ? `?${search}` : ""}`, signal ? { signal } : {});
}

export const updateMedia = (id: string, change: Partial<MediaUpdate>, locale: Locale) =>
  api<LibraryImage>(`/api/media/${id}${!isTranslated(locale) ? "" : `?locale=${locale}`}`, {
    method: "PUT",
    json: change,
  });

/** Replaces an image's file (its uses move to the new file's URLs), reporting the upload's progress. */
export function replaceMediaFile(id: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append("file", file);
  return upload<LibraryImage>(`/api/media/${id}/file`, form, onProgress, "PUT");
}

export const deleteMedia = (id: string) => api<undefined>(`/api/media/${id}`, { method: "DELETE" });

export const deleteMediaBulk = (ids: readonly string[]) =>
  api<{ deleted: string[]; refused: { id: string; uses: MediaUse[] }[] }>("/api/media/delete", {
    method: "POST",
    json: { ids },
  });
