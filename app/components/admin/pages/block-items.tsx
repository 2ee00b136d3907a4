import { Plus } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { RemoveButton } from "../editor/remove-button.tsx";
import { TextField, type TextFieldProps } from "../editor/text-field.tsx";
import { useTranslating } from "../editor/translating.ts";
import { moveItem, newItem, withPlacementIds, type ListBlockType } from "./page-blocks.ts";

/** What each list block calls its items (buttons and names), as the schema's messages do. */
const NOUNS: Record<ListBlockType, string> = { features: "feature", stats: "figure", faq: "question" };
const MOST_ITEMS = 24;

/** The names of an item's fields that hold a string (a missing one edits as ""). */
type StringKey<I> = { [P in keyof I]-?: NonNullable<I[P]> extends string ? P : never }[keyof I] & string;

/**
 * One field of a list block's item: a text (with a version per language, translated in place, unless
 * `shared`: the same in every language, read-only there), or an image with its own alt text.
 */
export type ItemField<I> =
  | ({ text: StringKey<I>; shared?: boolean } & Pick<TextFieldProps, "label" | "multiline" | "rows" | "placeholder">)
  | { image: StringKey<I>; alt: StringKey<I>; label: string };

/** What a list block's items hold: their fields in order, side by side in `columns` (a grid's classes) when given. */
export interface ItemsFieldSpec<I> {
  type: ListBlockType;
  fields: readonly ItemField<I>[];
  columns?: string;
}

/** The fields of one item at `path` (`blocks.2.items.0`), as its block's spec lists them. */
function ItemFields<I>({
  fields,
  columns,
  item,
  path,
  errors,
  patch,
}: {
  fields: readonly ItemField<I>[];
  columns: string | undefined;
  item: I;
  path: string;
  errors: FieldErrors;
  patch: (patch: Partial<I>) => void;
}) {
  const text = (key: StringKey<I>) => (item[key] as string | undefined) ?? "";
  const edit = (key: StringKey<I>) => (value: string) => patch({ [key]: value } as Partial<I>);
  const controls = fields.map((field) =>
    "image" in field ? (
      <ImageUrlField
        key={field.image}
        label={field.label}
        value={text(field.image)}
        onChange={edit(field.image)}
        error={errors[`${path}.${field.image}`]}
        alt={{
          path: `${path}.${field.alt}`,
          value: item[field.alt] as string | undefined,
          onChange: edit(field.alt),
          error: errors[`${path}.${field.alt}`],
        }}
      />
    ) : (
      <TextField
        key={field.text}
        label={field.label}
        {...(!field.shared && { path: `${path}.${field.text}` })}
        value={text(field.text)}
        {...(field.placeholder !== undefined && { placeholder: field.placeholder })}
        onChange={edit(field.text)}
        error={errors[`${path}.${field.text}`]}
        {...(field.multiline && { multiline: true })}
        {...(field.rows !== undefined && { rows: field.rows })}
      />
    ),
  );
  return columns ? <div className={columns}>{controls}</div> : controls;
}

/**
 * The items of a features, stats or FAQ block: each a card with its fields, added, removed and
 * reordered (drag by the grip, keyboard too, or the arrows) as the site's other lists are. While the
 * editor translates, the list is shared: its items show their texts only, in their order.
 */
function BlockItems<I extends { placementId?: number | undefined }>({
  type,
  fields,
  columns,
  items,
  path,
  errors,
  blockName,
  onChange,
}: ItemsFieldSpec<I> & {
  items: readonly I[];
  /** Where the items are in the page (`blocks.2.items`). */
  path: string;
  errors: FieldErrors;
  /** The block's name, so each item's controls say which block they are in. */
  blockName: string;
  onChange: (items: I[]) => void;
}) {
  const translating = useTranslating();
  const noun = NOUNS[type];
  const placed = withPlacementIds(items);
  const Noun = `${noun[0]!.toUpperCase()}${noun.slice(1)}`;
  const name = (index: number) => `${Noun} ${index + 1} of ${blockName}`;
  const itemFields = (item: I, index: number) => (
    <div className="grid gap-3 p-3">
      <ItemFields
        fields={fields}
        columns={columns}
        item={item}
        path={`${path}.${index}`}
        errors={errors}
        patch={(patch) => onChange(patchAt(placed, index, patch))}
      />
    </div>
  );

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{Noun}s</legend>
      {errors[path] && <p className="text-sm font-medium text-red-700">{errors[path]}</p>}
      {translating ? (
        <ol className="grid gap-3">
          {placed.map((item, index) => (
            <li key={item.placementId} className="rounded-xl border border-slate-200 bg-white">
              {itemFields(item, index)}
            </li>
          ))}
        </ol>
      ) : (
        <>
          <SortableList
            label={`${Noun}s of ${blockName}`}
            items={placed}
            keyOf={(item) => `item-${item.placementId}`}
            move={moveItem}
            onReorder={onChange}
            itemLabel={(_, index) => name(index)}
            renderActions={(_, index) => (
              <RemoveButton
                label={`Remove ${noun} ${index + 1} of ${blockName}`}
                className="size-8"
                onClick={() => onChange(removeAt(placed, index))}
              />
            )}
            renderItem={itemFields}
          />
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={placed.length >= MOST_ITEMS}
            onClick={() => onChange([...placed, newItem(type, placed) as unknown as I])}
          >
            <Plus aria-hidden="true" />
            Add {noun}
          </Button>
        </>
      )}
    </fieldset>
  );
}

/**
 * The fields of a list block (features, stats, FAQ: ./block-fields.tsx) from its spec: its items,
 * each with the spec's fields.
 */
export function itemsField<I extends { placementId?: number | undefined }>(spec: ItemsFieldSpec<I>) {
  return function ItemsField({
    block,
    path,
    errors,
    name,
    onChange,
  }: {
    block: { items: readonly I[] };
    path: string;
    errors: FieldErrors;
    name: string;
    onChange: (patch: { items: I[] }) => void;
  }) {
    return (
      <BlockItems
        {...spec}
        items={block.items}
        path={`${path}.items`}
        errors={errors}
        blockName={name}
        onChange={(items) => onChange({ items })}
      />
    );
  };
}
