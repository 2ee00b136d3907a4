import type { ReactNode } from "react";
import { LIMITS } from "#content/schemas.ts";
import type { FieldErrors } from "../editor-types.ts";
import { EditorSection } from "./editor-section.tsx";
import { TextField } from "./text-field.tsx";

interface PageIntro {
  title: string;
  subtitle: string;
}

/**
 * The "Page" section every content page's tab starts with: the page's title
 * and subtitle (stored as `title` / `subtitle`, validated at those paths),
 * followed by any further page-level fields passed as children (About's story
 * and mission).
 */
export function PageIntroSection({
  value,
  errors,
  onChange,
  description,
  titleLabel = "Title",
  subtitleLabel = "Subtitle",
  subtitleRows = 3,
  showCounters = true,
  children,
}: {
  value: PageIntro;
  errors: FieldErrors;
  onChange: (patch: Partial<PageIntro>) => void;
  description?: ReactNode;
  titleLabel?: string;
  subtitleLabel?: string;
  subtitleRows?: number;
  /** Show the "n / limit" counters under the two fields (the schema checks the limits either way). */
  showCounters?: boolean;
  children?: ReactNode;
}) {
  return (
    <EditorSection title="Page" description={description}>
      <TextField
        label={titleLabel}
        path="title"
        value={value.title}
        onChange={(title) => onChange({ title })}
        error={errors.title}
        maxLength={showCounters ? LIMITS.shortText : undefined}
      />
      <TextField
        label={subtitleLabel}
        path="subtitle"
        value={value.subtitle}
        onChange={(subtitle) => onChange({ subtitle })}
        error={errors.subtitle}
        maxLength={showCounters ? LIMITS.text : undefined}
        multiline
        rows={subtitleRows}
      />
      {children}
    </EditorSection>
  );
}
