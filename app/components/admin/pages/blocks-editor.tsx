import { DropdownMenu } from "radix-ui";
import { ChevronDown, ChevronRight, LayoutTemplate, Plus } from "lucide-react";
import { useState, type ComponentType } from "react";
import type { BlockType } from "#content/landing-pages.ts";
import type { LandingBlock } from "#content/landing-page-schema.ts";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { hasErrorsUnder } from "../editor/field-errors.ts";
import { ItemProgressMarks } from "../editor/item-progress-marks.tsx";
import { RemoveButton } from "../editor/remove-button.tsx";
import { useTranslating } from "../editor/translating.ts";
import { BLOCK_FIELDS, type BlockFieldsProps } from "./block-fields.tsx";
import {
  blockChoices,
  blockName,
  canAddBlock,
  insertAt,
  moveItem,
  newBlock,
  withPlacementIds,
  type BlocksPath,
} from "./page-blocks.ts";

const menuItem =
  "flex cursor-pointer select-none items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-slate-100";

/**
 * A list of blocks (the page's, A, or variant B's): "Add a block" offers every type, each block is
 * a card with its type's fields, dragged by its grip (or with the keyboard: Space, arrows, Space;
 * or the arrows) to change the order, collapsed to see the page's outline, and removed with an
 * "Undo" in the toast. While the editor translates, the blocks keep their order and show their
 * texts only (what they hold is shared by every language).
 */
export function BlocksEditor({
  blocks,
  path,
  label,
  errors,
  update,
}: {
  blocks: readonly LandingBlock[];
  path: BlocksPath;
  /** Names the list ("Blocks", "Variant B blocks"). */
  label: string;
  errors: FieldErrors;
  /** Changes the list as the draft holds it then (an "Undo" runs after other edits). */
  update: (change: (blocks: LandingBlock[]) => LandingBlock[]) => void;
}) {
  const translating = useTranslating();
  const placed = withPlacementIds(blocks);
  // Cards closed to see the page's outline, by placementId (so a card stays closed as it moves).
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setClosed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  function add(type: BlockType) {
    update((current) => [...withPlacementIds(current), newBlock(type, withPlacementIds(current))]);
  }

  function remove(block: LandingBlock, index: number) {
    update((current) => current.filter((other) => other.placementId !== block.placementId));
    toast.success("Block removed", {
      description: `${blockName(block)} is no longer on the page. Save to keep it so.`,
      action: { label: "Undo", onClick: () => update((current) => insertAt(current, index, block)) },
    });
  }

  const card = (block: LandingBlock & { placementId: number }, index: number) => (
    <BlockCard
      block={block}
      path={`${path}.${index}`}
      errors={errors}
      open={!closed.has(block.placementId)}
      onToggle={() => toggle(block.placementId)}
      onChange={(patch) =>
        update((current) =>
          withPlacementIds(current).map((other) =>
            other.placementId === block.placementId ? ({ ...other, ...patch } as LandingBlock) : other,
          ),
        )
      }
    />
  );

  return (
    <div className="grid gap-3">
      {errors[path] && <p className="text-sm font-medium text-red-700">{errors[path]}</p>}
      {placed.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
          <LayoutTemplate className="size-6 text-slate-400" aria-hidden="true" />
          <p className="text-sm text-slate-600">
            {translating
              ? "Nothing to translate here: blocks are added in English."
              : "No blocks yet. Click “Add a block” to start with a hero, then add what the page needs."}
          </p>
        </div>
      ) : translating ? (
        <ol aria-label={label} className="grid gap-3">
          {placed.map((block, index) => (
            <li key={block.placementId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
              {card(block, index)}
            </li>
          ))}
        </ol>
      ) : (
        <SortableList
          label={label}
          items={placed}
          keyOf={(block) => `block-${block.placementId}`}
          move={moveItem}
          onReorder={(next) => update(() => next)}
          itemLabel={(block) => blockName(block)}
          renderActions={(block, index) => (
            <RemoveButton
              label={`Remove ${blockName(block)}`}
              className="size-8"
              onClick={() => remove(block, index)}
            />
          )}
          renderItem={card}
        />
      )}
      {!translating && <AddBlockMenu disabled={!canAddBlock(placed)} onAdd={add} />}
    </div>
  );
}

/** "Add a block": every type, by its admin name, in the registry's order. */
function AddBlockMenu({ disabled, onAdd }: { disabled: boolean; onAdd: (type: BlockType) => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        disabled={disabled}
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "justify-self-start")}
      >
        <Plus aria-hidden="true" />
        Add a block
        <ChevronDown aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="start"
        sideOffset={6}
        className="z-50 grid min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg"
      >
        {blockChoices.map(({ type, name }) => (
          <DropdownMenu.Item key={type} className={menuItem} onSelect={() => onAdd(type)}>
            {name}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** One block: its name (a button that opens or closes it), its marks, and its type's fields. */
function BlockCard({
  block,
  path,
  errors,
  open,
  onToggle,
  onChange,
}: {
  block: LandingBlock;
  path: string;
  errors: FieldErrors;
  open: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<LandingBlock>) => void;
}) {
  const name = blockName(block);
  const Fields = BLOCK_FIELDS[block.type] as ComponentType<BlockFieldsProps<BlockType>>;
  const bodyId = `${path.replaceAll(".", "-")}-fields`;
  return (
    <div className="grid">
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md py-1 text-left text-sm font-semibold text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {open ? (
            <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          )}
          <span className="truncate">{name}</span>
        </button>
        <ItemProgressMarks path={path} item={block} />
        {!open && hasErrorsUnder(errors, `${path}.`) && (
          <span className="text-xs font-medium text-red-700">Has a field to fix</span>
        )}
      </div>
      <div id={bodyId} hidden={!open} className="grid gap-4 border-t border-slate-100 px-3 pb-4 pt-3">
        {open && (
          <Fields
            block={block as BlockFieldsProps<BlockType>["block"]}
            path={path}
            errors={errors}
            name={name}
            onChange={onChange as BlockFieldsProps<BlockType>["onChange"]}
          />
        )}
      </div>
    </div>
  );
}
