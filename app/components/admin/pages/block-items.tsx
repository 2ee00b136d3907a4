import { Plus } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { RemoveButton } from "../editor/remove-button.tsx";
import { useTranslating } from "../editor/translating.ts";
import { moveItem, newItem, withPlacementIds, type ListBlockType } from "./page-blocks.ts";
import { SpecFields, type FieldSpec } from "./spec-fields.tsx";

/** What each list block calls its items (buttons and names), as the schema's messages do. */
const NOUNS: Record<ListBlockType, string> = { features: "feature", stats: "figure", faq: "question" };
const MOST_ITEMS = 24;

/** What a list block's items hold: their fields in order, side by side in `columns` (a grid's classes) when given. */
export interface ItemsFieldSpec<I> {
  type: ListBlockType;
  fields: readonly FieldSpec<I>[];
  columns?: string;
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
      <SpecFields
        fields={fields}
        columns={columns}
        value={item}
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
