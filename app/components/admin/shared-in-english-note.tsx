import { Languages } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";

/**
 * The one line a tab in another language shows about what it leaves out:
 * everything but the texts is shared by every language and edited in English.
 */
export function SharedInEnglishNote({ onEnglish }: { onEnglish: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-50 px-4 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200">
      <Languages className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-56">
        <span className="font-medium text-slate-900">Shared by every language — edit in English:</span> images, links,
        names, order and settings.
      </p>
      <Button variant="outline" size="sm" onClick={onEnglish}>
        Switch to English
      </Button>
    </div>
  );
}
