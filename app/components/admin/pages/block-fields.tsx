import { Plus, X } from "lucide-react";
import type { ComponentType } from "react";
import type { BlockType } from "#content/landing-pages.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { EnglishOnly } from "../editor/english-only.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import { TextField } from "../editor/text-field.tsx";
import { itemsField } from "./block-items.tsx";
import type { BlockOf, ItemOf } from "./page-blocks.ts";

/**
 * The fields of each type of block (issue 42): one entry per type, read by the block's card
 * (./blocks-editor.tsx). Every text with a version per language is given its `path` in the page
 * (`blocks.0.heading`), so in Sinhala or Tamil it is translated in place; the rest (addresses,
 * images, names, figures) is shared by every language: read-only there, or not shown.
 */
export interface BlockFieldsProps<K extends BlockType> {
  block: BlockOf<K>;
  /** Where the block is in the page (`blocks.0`, `variants.0.blocks.2`). */
  path: string;
  errors: FieldErrors;
  /** The block's name on its card, for the labels of what it holds. */
  name: string;
  onChange: (patch: Partial<BlockOf<K>>) => void;
}

const MARKUP_HINT =
  "Simple markup: ## Heading, ### Subheading, **bold**, *italic*, lines starting with - for bullets, a blank line between paragraphs.";

/** A note where a block has nothing to fill in: it shows what the site already has. */
function Shows({ children }: { children: string }) {
  return <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">{children}</p>;
}

type Button = { label: string; href: string };

/** A button's label (a text of each language) and where it leads (shared). */
function ButtonFields({
  button,
  path,
  errors,
  onChange,
}: {
  button: Button;
  path: string;
  errors: FieldErrors;
  onChange: (button: Button) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Button label"
        path={`${path}.label`}
        value={button.label}
        onChange={(label) => onChange({ ...button, label })}
        error={errors[`${path}.label`]}
      />
      <TextField
        label="Button address"
        hint="A page of the site, such as /contact, or a full address."
        value={button.href}
        onChange={(href) => onChange({ ...button, href })}
        error={errors[`${path}.href`]}
      />
    </div>
  );
}

function HeroFields({ block, path, errors, onChange }: BlockFieldsProps<"hero">) {
  return (
    <>
      <TextField
        label="Heading"
        path={`${path}.heading`}
        value={block.heading}
        onChange={(heading) => onChange({ heading })}
        error={errors[`${path}.heading`]}
      />
      <TextField
        label="Text"
        path={`${path}.text`}
        value={block.text}
        onChange={(text) => onChange({ text })}
        error={errors[`${path}.text`]}
        multiline
        rows={3}
      />
      {block.button ? (
        <>
          <ButtonFields
            button={block.button}
            path={`${path}.button`}
            errors={errors}
            onChange={(button) => onChange({ button })}
          />
          <EnglishOnly>
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => onChange({ button: undefined })}
            >
              <X aria-hidden="true" />
              Remove the button
            </Button>
          </EnglishOnly>
        </>
      ) : (
        <EnglishOnly>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => onChange({ button: { label: "", href: "/contact" } })}
          >
            <Plus aria-hidden="true" />
            Add a button
          </Button>
        </EnglishOnly>
      )}
    </>
  );
}

function TextBlockFields({ block, path, errors, onChange }: BlockFieldsProps<"text">) {
  return (
    <TextField
      label="Content"
      path={`${path}.content`}
      hint={MARKUP_HINT}
      value={block.content}
      onChange={(content) => onChange({ content })}
      error={errors[`${path}.content`]}
      multiline
      rows={8}
      mono
      spellCheck
    />
  );
}

function QuoteFields({ block, path, errors, onChange }: BlockFieldsProps<"quote">) {
  return (
    <>
      <TextField
        label="Quote"
        path={`${path}.text`}
        value={block.text}
        onChange={(text) => onChange({ text })}
        error={errors[`${path}.text`]}
        multiline
        rows={3}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          value={block.name}
          onChange={(name) => onChange({ name })}
          error={errors[`${path}.name`]}
        />
        <TextField
          label="Role"
          path={`${path}.role`}
          hint="Optional, such as “Founder, Ceylon Spice Co.”"
          value={block.role ?? ""}
          onChange={(role) => onChange({ role })}
          error={errors[`${path}.role`]}
        />
      </div>
    </>
  );
}

function ImageFields({ block, path, errors, onChange }: BlockFieldsProps<"image">) {
  return (
    <ImageUrlField
      label="Image"
      value={block.image}
      onChange={(image) => onChange({ image })}
      error={errors[`${path}.image`]}
      alt={{
        path: `${path}.alt`,
        value: block.alt,
        onChange: (alt) => onChange({ alt }),
        error: errors[`${path}.alt`],
      }}
    />
  );
}

function CtaFields({ block, path, errors, onChange }: BlockFieldsProps<"cta">) {
  return (
    <>
      <TextField
        label="Heading"
        path={`${path}.heading`}
        value={block.heading}
        onChange={(heading) => onChange({ heading })}
        error={errors[`${path}.heading`]}
      />
      <TextField
        label="Text"
        path={`${path}.text`}
        value={block.text ?? ""}
        onChange={(text) => onChange({ text })}
        error={errors[`${path}.text`]}
        multiline
        rows={2}
      />
      <ButtonFields
        button={block.button}
        path={`${path}.button`}
        errors={errors}
        onChange={(button) => onChange({ button })}
      />
    </>
  );
}

const FeaturesFields = itemsField<ItemOf<"features">>({
  type: "features",
  fields: [
    { text: "title", label: "Title" },
    { text: "text", label: "Text", multiline: true, rows: 2 },
    { image: "image", alt: "imageAlt", label: "Image" },
  ],
});

const StatsFields = itemsField<ItemOf<"stats">>({
  type: "stats",
  columns: "grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]",
  fields: [
    { text: "value", shared: true, label: "Figure", placeholder: "120+" },
    { text: "label", label: "Label", placeholder: "Campaigns run" },
  ],
});

const FaqFields = itemsField<ItemOf<"faq">>({
  type: "faq",
  fields: [
    { text: "question", label: "Question" },
    { text: "answer", label: "Answer", multiline: true, rows: 3 },
  ],
});

export const BLOCK_FIELDS: { [K in BlockType]: ComponentType<BlockFieldsProps<K>> } = {
  hero: HeroFields,
  text: TextBlockFields,
  features: FeaturesFields,
  services: () => <Shows>Shows the service cards, as the Services tab has them.</Shows>,
  quote: QuoteFields,
  logos: () => <Shows>Shows the partners’ logos, as the Partners tab has them.</Shows>,
  stats: StatsFields,
  image: ImageFields,
  faq: FaqFields,
  cta: CtaFields,
  contact: () => <Shows>Shows the contact form. Messages sent from it arrive in the Contact tab’s inbox.</Shows>,
};
