import { useState } from "react";
import { LOCALES, type Locale } from "#content/locales.ts";
import type { LibraryImage, MediaUse } from "#content/media.ts";
import { ApiError } from "#app/lib/api.ts";
import { toast } from "#app/components/ui/toaster.tsx";
import { deleteMedia, replaceMediaFile, updateMedia } from "../data/media-api.ts";

const LANGUAGES = Object.keys(LOCALES) as Locale[];

/**
 * An image's detail panel's edits and calls: its name, alt text per language and decorative mark
 * as typed, saving them (one call per language whose text changed), replacing its file with the
 * upload's progress, deleting it (refused while used: `refusal` lists the uses), and why the last
 * call failed. `onChanged` gets the image as saved, `onDeleted` its id.
 */
export function useImageDetails(
  image: LibraryImage,
  { onChanged, onDeleted }: { onChanged: (image: LibraryImage) => void; onDeleted: (id: string) => void },
) {
  const [name, setName] = useState(image.name);
  const [alts, setAlts] = useState(image.alts);
  const [decorative, setDecorative] = useState(image.decorative);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ error: string; uses: MediaUse[] } | null>(null);
  /** The replacement's upload, in percent; null when none is under way. */
  const [replacing, setReplacing] = useState<number | null>(null);

  const altChanged = (locale: Locale) => (alts[locale] ?? "") !== (image.alts[locale] ?? "");
  const dirty = name !== image.name || decorative !== image.decorative || LANGUAGES.some(altChanged);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      // One call per language whose text changed; the name and the mark go with the first.
      const changed = LANGUAGES.filter(altChanged);
      const first = changed[0] ?? "en";
      let saved = await updateMedia(image.id, { name, decorative, alt: alts[first] ?? "" }, first);
      for (const other of changed.slice(1)) saved = await updateMedia(image.id, { alt: alts[other] ?? "" }, other);
      onChanged(saved);
      toast.success("Saved", { description: "The image's details are saved." });
    } catch (problem) {
      setError((problem as Error).message);
    } finally {
      setSaving(false);
    }
  }

  function replace(file: File) {
    setReplacing(0);
    setError(null);
    replaceMediaFile(image.id, file, setReplacing).done.then(
      (saved) => {
        setReplacing(null);
        onChanged(saved);
        toast.success("File replaced", {
          description:
            saved.uses.length > 0
              ? `Every page using it now shows the new file (${saved.uses.length} ${saved.uses.length === 1 ? "place" : "places"}).`
              : "The image has its new file.",
        });
      },
      (problem: Error) => {
        setReplacing(null);
        setError(problem.message);
      },
    );
  }

  async function remove() {
    setError(null);
    setRefusal(null);
    try {
      await deleteMedia(image.id);
      toast.success("Deleted", { description: `${image.name} was deleted.` });
      onDeleted(image.id);
    } catch (problem) {
      const body = problem instanceof ApiError ? (problem.body as { uses?: MediaUse[] } | null) : null;
      if (problem instanceof ApiError && problem.status === 409 && body?.uses)
        setRefusal({ error: problem.message, uses: body.uses });
      else setError((problem as Error).message);
    }
  }

  return {
    name,
    setName,
    alts,
    setAlt: (locale: Locale, text: string) => setAlts((current) => ({ ...current, [locale]: text })),
    decorative,
    setDecorative,
    dirty,
    saving,
    replacing,
    error,
    refusal,
    save,
    replace,
    remove,
  };
}
