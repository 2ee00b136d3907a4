import { Plus, X } from "lucide-react";
import type { ComponentType } from "react";
import type { BlockType } from "#content/landing-pages.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { EnglishOnly } from "../editor/english-only.tsx";
import { itemsField } from "./block-items.tsx";
import type { BlockOf, ItemOf } from "./page-blocks.ts";
import { SpecFields, type FieldSpec } from "./spec-fields.tsx";

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

const BUTTON_FIELDS: readonly FieldSpec<Button>[] = [
  { text: "label", label: "Button label" },
  {
    text: "href",
    shared: true,
    label: "Button address",
    hint: "A page of the site, such as /contact, or a full address.",
  },
];

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
    <SpecFields
      fields={BUTTON_FIELDS}
      columns="grid gap-3 sm:grid-cols-2"
      value={button}
      path={path}
      errors={errors}
      patch={(patch) => onChange({ ...button, ...patch })}
    />
  );
}

/** A block whose fields are all in `fields`. */
function blockFields<K extends BlockType>(fields: readonly FieldSpec<BlockOf<K>>[]) {
  return function BlockFields({ block, path, errors, onChange }: BlockFieldsProps<K>) {
    return <SpecFields fields={fields} value={block} path={path} errors={errors} patch={onChange} />;
  };
}

/** A hero's or call to action's heading and text (`rows` high). */
const headingAndText = (rows: number) =>
  [
    { text: "heading", label: "Heading" },
    { text: "text", label: "Text", multiline: true, rows },
  ] as const;

function HeroFields({ block, path, errors, onChange }: BlockFieldsProps<"hero">) {
  return (
    <>
      <SpecFields fields={headingAndText(3)} value={block} path={path} errors={errors} patch={onChange} />
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

const TextBlockFields = blockFields<"text">([
  { text: "content", label: "Content", hint: MARKUP_HINT, multiline: true, rows: 8, mono: true, spellCheck: true },
]);

function QuoteFields({ block, path, errors, onChange }: BlockFieldsProps<"quote">) {
  return (
    <>
      <SpecFields
        fields={[{ text: "text", label: "Quote", multiline: true, rows: 3 }]}
        value={block}
        path={path}
        errors={errors}
        patch={onChange}
      />
      <SpecFields
        fields={[
          { text: "name", shared: true, label: "Name" },
          { text: "role", label: "Role", hint: "Optional, such as “Founder, Ceylon Spice Co.”" },
        ]}
        columns="grid gap-3 sm:grid-cols-2"
        value={block}
        path={path}
        errors={errors}
        patch={onChange}
      />
    </>
  );
}

const ImageFields = blockFields<"image">([{ image: "image", alt: "alt", label: "Image" }]);

function CtaFields({ block, path, errors, onChange }: BlockFieldsProps<"cta">) {
  return (
    <>
      <SpecFields fields={headingAndText(2)} value={block} path={path} errors={errors} patch={onChange} />
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
