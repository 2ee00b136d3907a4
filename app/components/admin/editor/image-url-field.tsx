import { useEffect, useRef, useState, type ReactNode } from "react";
import { ImageOff, Images, Upload } from "lucide-react";
import { mediaIdIn, type LibraryImage } from "#content/media.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { LIMITS } from "#content/schemas.ts";
import { isPreviewableImage } from "./image-preview.tsx";
import { TextField } from "./text-field.tsx";
import { useTranslating } from "./translating.ts";
import { useImageUpload } from "./use-image-upload.ts";
import { listMedia } from "../data/media-api.ts";
import { lacksAlt, NoAltMark } from "../media/media-parts.tsx";
import { MediaPicker } from "../media/media-picker.tsx";

/**
 * The library's record of the upload at `url` (`image`: undefined when it is not an upload, or not
 * known yet; `missing`: the library has no such image), for its thumbnail and alt text. Asked again
 * whenever the field's address changes.
 */
function useLibraryImage(url: string): { id: string | undefined; image: LibraryImage | undefined; missing: boolean } {
  const id = mediaIdIn(url);
  const [answer, setAnswer] = useState<{ id: string; image: LibraryImage | null } | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    listMedia({ ids: [id] }, controller.signal).then(
      (page) => setAnswer({ id, image: page.media[0] ?? null }),
      () => undefined,
    );
    return () => controller.abort();
  }, [id]);
  const known = id !== undefined && answer?.id === id;
  return { id, image: (known && answer.image) || undefined, missing: known && answer.image === null };
}

/** The optional alt text of one use of an image (issue 27): a translatable text of its document. */
export interface UseAlt {
  /** Where it is in the document (`features.2.imageAlt`; a post's `imageAlt`). */
  path: string;
  value: string | undefined;
  onChange: (alt: string) => void;
  error?: string | undefined;
}

const ALT_LABEL = "Alt text";

/** What the alt text field says of the library's alt text, which an empty field leaves in charge. */
function libraryAltHint(image: LibraryImage | undefined): string {
  if (!image)
    return "Describe the image here for people who cannot see it. Leave empty for the page's own description.";
  if (image.decorative) return "Leave empty to keep the image decorative, as the media library marks it.";
  if (image.alt) return `Leave empty to use the media library's alt text: “${image.alt}”.`;
  return "Leave empty to use the media library's alt text (this image has none yet).";
}

/**
 * A use's own alt text, under its image field: while the editor translates, the translation of the
 * English one (none when English has none), since the image itself is shared by every language.
 */
export function UseAltField({ alt, image }: { alt: UseAlt; image?: LibraryImage | undefined }) {
  const translating = useTranslating();
  return (
    <TextField
      label={ALT_LABEL}
      path={alt.path}
      value={alt.value ?? ""}
      onChange={alt.onChange}
      error={alt.error}
      maxLength={LIMITS.shortText}
      hint={translating ? undefined : libraryAltHint(image)}
    />
  );
}

/** The server's limit (server/media/process-image.ts), checked here too so a huge file is not sent for nothing. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = "The image is too large (the limit is 5 MB).";

export interface ImageUrlFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** The schema's message for this field, if any. */
  error?: string | undefined;
  hint?: ReactNode;
  /** "contain" for logos, "cover" for photos. */
  fit?: "cover" | "contain";
  /** The use's own alt text, shown under the field (and translated while the editor translates). */
  alt?: UseAlt;
  className?: string;
}

/**
 * An image address with "Upload" and "Choose from library" beside it: an uploaded file goes to
 * /api/media, a chosen one comes from the library, and the field gets the image's address
 * (`/media/<id>`), shown by its current thumbnail. Typing an address works as before. An upload
 * without alt text is marked; an image the library no longer has, or a file that does not load,
 * shows "Image missing". Images are shared by every language: not shown while the editor
 * translates, only the use's alt text is.
 */
export function ImageUrlField({
  label,
  value,
  onChange,
  error,
  hint,
  fit = "cover",
  alt,
  className,
}: ImageUrlFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const { state, upload, fail, clearError } = useImageUpload((image) => onChange(image.url));
  const [failed, setFailed] = useState<string | null>(null);
  const uploading = state.kind === "uploading";
  const translating = useTranslating();
  const [choosing, setChoosing] = useState(false);
  const { id: uploadId, image, missing } = useLibraryImage(value);
  // An upload is previewed by its library thumbnail (its current file, small); any other address as it is.
  const preview = uploadId ? image?.thumbnail : isPreviewableImage(value) ? value : undefined;
  const showPreview = preview !== undefined && failed !== value;
  const noAlt = image && lacksAlt(image) && !alt?.value?.trim();

  const help = (
    <>
      {hint}
      {noAlt && <NoAltMark className="mt-1" />}
      <span className="block" aria-live="polite">
        {uploading && (state.percent === null ? "Uploading..." : `Uploading... ${state.percent}%`)}
      </span>
    </>
  );

  if (translating) return alt ? <UseAltField alt={alt} /> : null;
  const field = (
    <Field
      label={label}
      error={state.kind === "error" ? state.message : error}
      hint={help}
      className={cn("min-w-0", !alt && className)}
    >
      {(props) => (
        // On a phone the button goes under the address so the address keeps room to be read.
        <div className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
          <div className="row-span-2 flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 sm:row-span-1">
            {showPreview ? (
              <img
                src={preview}
                alt="Image preview"
                className={cn("size-full", fit === "contain" ? "object-contain p-1" : "object-cover")}
                onError={() => setFailed(value)}
              />
            ) : missing || (failed === value && value) ? (
              <span className="flex flex-col items-center text-center text-[10px] leading-tight text-slate-600">
                <ImageOff className="size-4" aria-hidden="true" />
                Image missing
              </span>
            ) : (
              <ImageOff className="size-5 text-slate-400" aria-hidden="true" />
            )}
          </div>
          <Input
            {...props}
            value={value}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://… or upload an image"
            disabled={uploading}
            className="min-w-0"
            onChange={(event) => {
              if (state.kind === "error") clearError();
              onChange(event.currentTarget.value);
            }}
          />
          <PendingButton
            variant="outline"
            className="h-10 justify-self-start sm:justify-self-auto"
            pending={uploading}
            // On a phone the spinner alone says it, beside the field's own "Uploading... 40%".
            pendingLabel={<span className="sr-only sm:not-sr-only">Uploading...</span>}
            icon={<Upload aria-hidden="true" />}
            onClick={() => picker.current?.click()}
          >
            Upload
          </PendingButton>
          <Button
            variant="outline"
            className="col-start-2 h-10 justify-self-start"
            disabled={uploading}
            onClick={() => setChoosing(true)}
          >
            <Images aria-hidden="true" />
            Choose from library
          </Button>
          <MediaPicker
            open={choosing}
            onOpenChange={setChoosing}
            onPick={(image) => {
              if (state.kind === "error") clearError();
              onChange(image.url);
            }}
          />
          <input
            ref={picker}
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Cleared so choosing the same file again still fires a change.
              event.currentTarget.value = "";
              if (!file) return;
              if (file.size > MAX_UPLOAD_BYTES) fail(TOO_LARGE);
              else upload(file);
            }}
          />
        </div>
      )}
    </Field>
  );
  // No image, nothing to describe (unless a text was written before the address was emptied).
  if (!alt || (value.trim() === "" && !alt.value)) return field;
  return (
    <div className={cn("grid min-w-0 gap-4", className)}>
      {field}
      <UseAltField alt={alt} image={image} />
    </div>
  );
}
