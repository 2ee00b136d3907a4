import { useEffect, useRef, useState } from "react";
import { Replace, Trash2 } from "lucide-react";
import { LOCALES, type Locale, isTranslated } from "#content/locales.ts";
import { MAX_ALT, MAX_MEDIA_NAME, type LibraryImage } from "#content/media.ts";
import { may, type Role } from "#content/roles.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { LanguageSwitch } from "../editor/language-switch.tsx";
import { formatBytes, lacksAlt, MissingImage, NoAltMark, UseList } from "./media-parts.tsx";
import { useImageDetails } from "./use-image-details.ts";

interface DetailProps {
  role: Role;
  onChanged: (image: LibraryImage) => void;
  onDeleted: (id: string) => void;
}

/**
 * An image's detail panel: its picture, name, alt text per language (English first; a language
 * without its own shows English's), the decorative mark, where it is used, Replace file and
 * Delete (refused while it is used, with the uses listed). `onChanged` gets the image as saved,
 * `onDeleted` its id. What it does is ./use-image-details.ts; this is how it looks.
 */
export function MediaDetail({
  image,
  onClose,
  ...props
}: DetailProps & { image: LibraryImage | null; onClose: () => void }) {
  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && onClose()}>
      {image && (
        <DialogContent
          title={image.name}
          description={`${image.width}×${image.height} pixels · ${formatBytes(image.bytes)}`}
          className="max-w-3xl"
        >
          <DetailBody key={image.id} image={image} {...props} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DetailBody({ image, role, onChanged, onDeleted }: DetailProps & { image: LibraryImage }) {
  const details = useImageDetails(image, { onChanged, onDeleted });
  const [locale, setLocale] = useState<Locale>("en");
  const picker = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => setMissing(false), [image.file]);

  const canReplace = may(role, "PUT /api/media/:id/file");
  const canDelete = may(role, "DELETE /api/media/:id");
  const { alts, decorative, replacing } = details;
  const shown = alts[locale] ?? "";

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
              value={details.name}
              maxLength={MAX_MEDIA_NAME}
              onChange={(e) => details.setName(e.currentTarget.value)}
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
              isTranslated(locale) && !shown && alts.en
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
                placeholder={isTranslated(locale) ? alts.en : undefined}
                disabled={decorative}
                onChange={(e) => details.setAlt(locale, e.currentTarget.value)}
              />
            )}
          </Field>
          {lacksAlt({ alt: alts.en ?? "", decorative }) && <NoAltMark className="justify-self-start" />}
        </div>
        <div className="flex items-center gap-3">
          <Switch id={`decorative-${image.id}`} checked={decorative} onCheckedChange={details.setDecorative} />
          <Label htmlFor={`decorative-${image.id}`}>Decorative (screen readers skip it)</Label>
        </div>
        {details.error && <FormAlert>{details.error}</FormAlert>}
        {details.refusal && (
          <FormAlert look="box" className="grid gap-1 p-3 font-normal">
            <p className="font-medium">{details.refusal.error}</p>
            <UseList uses={details.refusal.uses} />
          </FormAlert>
        )}
        <div className="flex flex-wrap gap-2">
          <PendingButton pending={details.saving} disabled={!details.dirty} onClick={() => void details.save()}>
            Save details
          </PendingButton>
          {canReplace && (
            <PendingButton
              variant="outline"
              pending={replacing !== null}
              pendingLabel={`Replacing... ${replacing}%`}
              icon={<Replace aria-hidden="true" />}
              onClick={() => picker.current?.click()}
            >
              Replace file
            </PendingButton>
          )}
          {canDelete && (
            <Button variant="outline" className="text-red-700" onClick={() => void details.remove()}>
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
              if (file) details.replace(file);
            }}
          />
        </div>
      </div>
    </div>
  );
}
