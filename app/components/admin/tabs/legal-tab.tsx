import { LIMITS, type LegalContent } from "#content/schemas.ts";
import type { SectionEditorProps } from "../editor-types.ts";
import { EditorSection } from "../editor/editor-section.tsx";
import { TextField } from "../editor/text-field.tsx";

/** docs/product.md §2 Legal tab: one legal document (the shell renders one per sub-tab). */
export function LegalTab({ value, onChange, errors }: SectionEditorProps<LegalContent>) {
  return (
    <div className="grid">
      <EditorSection
        title="Document"
        description="Headings (<h2>, <h3>), paragraphs, lists, tables and links are kept. Scripts, styles and other unsafe markup are removed when you save."
      >
        <TextField
          label="Title"
          path="title"
          value={value.title}
          onChange={(title) => onChange({ ...value, title })}
          error={errors.title}
          maxLength={LIMITS.shortText}
        />
        <TextField
          label="HTML Content"
          path="content"
          hint="The page body as HTML, e.g. <h2>Your data</h2><p>…</p>."
          value={value.content}
          onChange={(content) => onChange({ ...value, content })}
          error={errors.content}
          maxLength={LIMITS.longText}
          multiline
          mono
          rows={20}
        />
      </EditorSection>
    </div>
  );
}
