import { useEffect, useRef, useState } from "react";
import { LoaderCircle, Replace, Trash2 } from "lucide-react";
import { LOCALES, type Locale } from "#content/locales.ts";
import { MAX_ALT, MAX_MEDIA_NAME, type LibraryImage, type MediaUse } from "#content/media.ts";
import { may, type Role } from "#content/roles.ts";
import { ApiError } from "#app/lib/api.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { LanguageSwitch } from "../editor/language-switch.tsx";
import { deleteMedia, replaceMediaFile, updateMedia } from "../data/media-api.ts";
import { formatBytes, lacksAlt, MissingImage, NoAltMark, UseList } from "./media-parts.tsx";

/**
 * An image's detail panel: its picture, name, alt text per language (English first; a language
 * without its own shows English's), the decorative mark, where it is used, Replace file and
 * Delete (refused while it is used, with the uses listed). `onChanged` gets the image as saved,
 * `onDeleted` its id.
 */
export function MediaDetail({
  image,
  role,
  onClose,
  onChanged,
  onDeleted,
}: {
  image: LibraryImage | null;
  role: Role;
  onClose: () => void;
  onChanged: (image: LibraryImage) => void;
  onDeleted: (id: string) => void;
}) {
  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && onClose()}>
      {image && (
        <DialogContent
          title={image.name}
          description={`${image.width}×${image.height} pixels · ${formatBytes(image.bytes)}`}
          className="max-w-3xl"
        >
          <DetailBody key={image.id} image={image} role={role} onChanged={onChanged} onDeleted={onDeleted} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DetailBody({
  image,
  role,
  onChanged,
  onDeleted,
}: {
  image: LibraryImage;
  role: Role;
  onChanged: (image: LibraryImage) => void;
  onDeleted: (id: string) => void;
}) {
  const [locale, setLocale] = useState<Locale>("en");
  const [name, setName] = useState(image.name);
  const [alts, setAlts] = useState(image.alts);
  const [decorative, setDecorative] = useState(image.decorative);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ error: string; uses: MediaUse[] } | null>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => setMissing(false), [image.file]);

  const canReplace = may(role, "PUT /api/media/:id/file");
  const canDelete = may(role, "DELETE /api/media/:id");
  const shown = alts[locale] ?? "";
  const dirty =
    name !== image.name ||
    decorative !== image.decorative ||
    (Object.keys(LOCALES) as Locale[]).some((l) => (alts[l] ?? "") !== (image.alts[l] ?? ""));

  async function save() {
    setSaving(true);
    setError(null);
    try {
      // One call per language whose text changed; the name and the mark go with the first.
      let saved: LibraryImage | undefined;
      const changed = (Object.keys(LOCALES) as Locale[]).filter((l) => (alts[l] ?? "") !== (image.alts[l] ?? ""));
      const first = changed[0] ?? "en";
      saved = await updateMedia(image.id, { name, decorative, alt: alts[first] ?? "" }, first);
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

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-3">
        <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
          {missing ? (
            <MissingImage />
          ) : (
            <img
              src={image.file}
              alt={image.alt}
              className="max-h-full max-w-full object-contain"
              onError={() => setMissing(true)}
            />
          )}
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-900">Where it is used</h3>
          <UseList uses={image.uses} />
        </div>
      </div>
      <div className="grid content-start gap-4">
        <Field label="Name">
          {(props) => (
            <Input
              {...props}
              value={name}
              maxLength={MAX_MEDIA_NAME}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium text-slate-900">Alt text</span>
            <LanguageSwitch value={locale} onChange={setLocale} unsaved={() => false} />
          </div>
          <Field
            label={`Alt text in ${LOCALES[locale].label}`}
            hint={
              locale !== "en" && !shown && alts.en
                ? "Empty: pages in this language use the English text."
                : "Describe what the picture shows, for people who cannot see it."
            }
          >
            {(props) => (
              <Textarea
                {...props}
                lang={LOCALES[locale].htmlLang}
                rows={3}
                maxLength={MAX_ALT}
                value={shown}
                placeholder={locale !== "en" ? alts.en : undefined}
                disabled={decorative}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setAlts((current) => ({ ...current, [locale]: value }));
                }}
              />
            )}
          </Field>
          {lacksAlt({ alt: alts.en ?? "", decorative }) && <NoAltMark className="justify-self-start" />}
        </div>
        <div className="flex items-center gap-3">
          <Switch id={`decorative-${image.id}`} checked={decorative} onCheckedChange={setDecorative} />
          <Label htmlFor={`decorative-${image.id}`}>Decorative (screen readers skip it)</Label>
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        {refusal && (
          <div role="alert" className="grid gap-1 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
            <p className="font-medium">{refusal.error}</p>
            <UseList uses={refusal.uses} />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void save()} disabled={!dirty || saving}>
            {saving && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
            Save details
          </Button>
          {canReplace && (
            <Button variant="outline" disabled={replacing !== null} onClick={() => picker.current?.click()}>
              {replacing === null ? (
                <Replace aria-hidden="true" />
              ) : (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              )}
              {replacing === null ? "Replace file" : `Replacing... ${replacing}%`}
            </Button>
          )}
          {canDelete && (
            <Button variant="outline" className="text-red-700" onClick={() => void remove()}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )}
          <input
            ref={picker}
            type="file"
            accept="image/*"
            hidden
            aria-label="Replacement file"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) replace(file);
            }}
          />
        </div>
      </div>
    </div>
  );
}
