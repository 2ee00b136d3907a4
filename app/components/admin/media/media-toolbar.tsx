import { Trash2 } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { MediaSearch } from "./media-parts.tsx";

/** Above the Media screen's images: the search, "Unused only", and deleting the selected images. */
export function MediaToolbar({
  query,
  onQuery,
  unused,
  onUnused,
  selectedCount,
  onDeleteSelected,
}: {
  query: string;
  onQuery: (query: string) => void;
  unused: boolean;
  onUnused: (unused: boolean) => void;
  /** How many are selected; the delete button shows while any are. */
  selectedCount: number;
  onDeleteSelected: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="relative min-w-0 flex-1 basis-64">
        <MediaSearch value={query} onChange={onQuery} />
      </div>
      <div className="flex items-center gap-2">
        <Switch id="media-unused" checked={unused} onCheckedChange={onUnused} />
        <label htmlFor="media-unused" className="text-sm font-medium text-slate-900">
          Unused only
        </label>
      </div>
      {selectedCount > 0 && (
        <Button variant="outline" className="text-red-700" onClick={onDeleteSelected}>
          <Trash2 aria-hidden="true" />
          Delete {selectedCount} selected
        </Button>
      )}
    </div>
  );
}
