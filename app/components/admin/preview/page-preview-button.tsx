import { useMemo } from "react";
import type { LandingPage } from "#content/landing-page-schema.ts";
import type { VariantName } from "#content/landing-pages.ts";
import { localePath, type Locale, isTranslated } from "#content/locales.ts";
import type { PreviewDraft } from "#content/preview.ts";
import { cn } from "#app/components/ui/cn.ts";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { PreviewButton } from "./preview-button.tsx";

/**
 * The draft a page's Preview stores: the page in `locale` (a translation as a save sends it), as
 * `variant`; `english`, the paths of the texts it shows in English (a translation's empty ones).
 */
export function pagePreviewDraft(
  id: string | null,
  locale: Locale,
  data: LandingPage,
  variant: VariantName,
  english: readonly string[] = [],
): PreviewDraft {
  return {
    ...(isTranslated(locale) && { locale }),
    page: {
      ...(id !== null && { id }),
      ...(data.variants.length > 0 && { variant }),
      data,
      ...(english.length > 0 && { english: [...english] }),
    },
  };
}

const NONE: readonly string[] = [];

/**
 * The Edit Page dialog's Preview: the page at its address in the editor's language
 * (`/si/offers/colombo`), drawn by the public route from the unsaved draft, published or not
 * (decision 010). A page with a B has a choice of the variant shown; the open preview follows
 * the choice as it follows the edits. Each page, and each of its languages, previews in a
 * browser tab of its own.
 */
export function PagePreviewButton({
  id,
  locale,
  draft,
  valid,
  variant,
  onVariant,
  english = NONE,
  className,
}: {
  id: string | null;
  locale: Locale;
  draft: LandingPage;
  /** The paths of the draft's texts shown in English (a translation's empty ones, filled with English). */
  english?: readonly string[];
  /** The draft passes its schema (an invalid one is not sent). */
  valid: boolean;
  variant: VariantName;
  onVariant: (variant: VariantName) => void;
  className?: string;
}) {
  // By value: the editor finds the paths anew at each render.
  const inEnglish = english.join("\n");
  const body = useMemo(
    () => (valid ? pagePreviewDraft(id, locale, draft, variant, inEnglish ? inEnglish.split("\n") : []) : undefined),
    [id, locale, draft, valid, variant, inEnglish],
  );
  const name = `page-${id ?? "new"}${isTranslated(locale) ? `-${locale}` : ""}`;
  const preview = (
    <PreviewButton
      name={name}
      path={localePath(locale, draft.path)}
      draft={body}
      compact
      className={draft.variants.length > 0 ? undefined : className}
    />
  );
  if (draft.variants.length === 0) return preview;
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <NativeSelect
        aria-label="Variant to preview"
        className="h-9 w-auto"
        value={variant}
        onChange={(event) => onVariant(event.target.value === "B" ? "B" : "A")}
      >
        <option value="A">Variant A</option>
        <option value="B">Variant B</option>
      </NativeSelect>
      {preview}
    </div>
  );
}
