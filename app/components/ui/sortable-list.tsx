import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useId, type ReactNode } from "react";
import { reorder } from "#content/rules.ts";
import { Button } from "./button.tsx";
import { cn } from "./cn.ts";

interface SortableListProps<T extends { placementId: number }> {
  /** The items in the order shown (normally sorted by placementId). */
  items: readonly T[];
  /** Receives the reordered list with every placementId rewritten to its index. */
  onReorder: (next: T[]) => void;
  /** A short name for an item, used in the move buttons' accessible names. */
  itemLabel: (item: T, index: number) => string;
  /** The item's body. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Extra buttons beside the move controls (delete, toggles). */
  renderActions?: (item: T, index: number) => ReactNode;
  layout?: "list" | "grid";
  /** Names the list for assistive technology, e.g. "Services". */
  label: string;
  className?: string;
  /**
   * A stable key per item, so its card (and what it holds: focus, an open or closed state) moves with it;
   * default its position. Give `move` too when placementIds are keys rather than positions.
   */
  keyOf?: (item: T, index: number) => string;
  /** How an item moves from one index to another: default `reorder()`, which rewrites placementIds to positions. */
  move?: (items: readonly T[], from: number, to: number) => T[];
}

const itemId = (index: number) => `item-${index}`;

/**
 * A reorderable list: drag by the grip (mouse, touch, or keyboard: focus the
 * grip, Space to lift, arrows to move, Space to drop) or use the up/down
 * buttons. Every move goes through `reorder()`, so placementIds stay 0..n-1.
 */
export function SortableList<T extends { placementId: number }>({
  items,
  onReorder,
  itemLabel,
  renderItem,
  renderActions,
  layout = "list",
  label,
  className,
  keyOf = (_, index) => itemId(index),
  move = reorder,
}: SortableListProps<T>) {
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item, index) => keyOf(item, index));

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(move(items, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  const announce = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return index === -1 ? "item" : itemLabel(items[index]!, index);
  };

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${announce(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${announce(active.id)} moved to position ${ids.indexOf(String(over.id)) + 1}.`
              : `${announce(active.id)} is no longer over a position.`,
          onDragEnd: ({ active, over }) =>
            over
              ? `${announce(active.id)} dropped at position ${ids.indexOf(String(over.id)) + 1}.`
              : `${announce(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${announce(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}>
        <ul
          aria-label={label}
          className={cn(
            layout === "grid" ? "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" : "grid grid-cols-1 gap-3",
            className,
          )}
        >
          {items.map((item, index) => (
            <SortableItem
              key={ids[index]}
              id={ids[index]!}
              index={index}
              count={items.length}
              name={itemLabel(item, index)}
              onMove={(to) => onReorder(move(items, index, to))}
              actions={renderActions?.(item, index)}
            >
              {renderItem(item, index)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableItemProps {
  id: string;
  index: number;
  count: number;
  name: string;
  onMove: (to: number) => void;
  actions: ReactNode;
  children: ReactNode;
}

function SortableItem({ id, index, count, name, onMove, actions, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md",
        isDragging && "relative z-10 shadow-lg ring-2 ring-brand-500",
      )}
    >
      <div className="flex items-center gap-1 border-b border-slate-100 px-2 py-1.5">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="flex size-8 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 active:cursor-grabbing"
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${name}`}
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold tabular-nums text-slate-700">
          Position {index + 1}
        </span>
        <div className="ml-auto flex items-center gap-0.5">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          {actions}
        </div>
      </div>
      <div className="flex-1">{children}</div>
    </li>
  );
}
