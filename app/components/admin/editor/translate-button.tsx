import { Languages, Square } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { textsToTranslate, translateMessages } from "./translate-texts.ts";
import { useAiStatus, useTranslate, type TranslateTarget } from "./use-translate.ts";

/**
 * "Translate from English" (issue 26), shown while an editor is in Sinhala
 * or Tamil: fills the texts not translated or whose English changed ("Include
 * translated texts": every text) with the model's translation, streaming
 * each into the draft. While it runs the button is "Stop" and a live line
 * counts the texts; with no model on the server it is disabled and says why.
 * Mount one per editor and language (`key` by language).
 */
export function TranslateButton({ target, className }: { target: TranslateTarget; className?: string }) {
  const status = useAiStatus();
  const { run, start, stop } = useTranslate(target);
  const [all, setAll] = useState(false);
  const ids = { reason: useId(), all: useId() };
  const pending = textsToTranslate(target.texts, target.draft, { all, formatOf: target.formatOf }).length;
  const unavailable = status && !status.translate.available ? status.translate.reason : null;

  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-2", className)}>
      {run ? (
        <Button variant="outline" size="sm" onClick={stop}>
          <Square aria-hidden="true" />
          Stop
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          disabled={unavailable !== null || pending === 0}
          aria-describedby={unavailable ? ids.reason : undefined}
          onClick={() => void start(all)}
        >
          <Languages aria-hidden="true" />
          {pending === 0 && !unavailable ? "Everything is translated" : "Translate from English"}
        </Button>
      )}
      <label htmlFor={ids.all} className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          id={ids.all}
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-brand-600"
          checked={all}
          disabled={run !== null || unavailable !== null}
          onChange={(event) => setAll(event.currentTarget.checked)}
        />
        Include translated texts
      </label>
      {unavailable && (
        <p id={ids.reason} className="basis-full text-sm text-slate-600">
          {unavailable}
        </p>
      )}
      <p role="status" className={cn("flex items-center gap-2 text-sm font-medium text-slate-800", !run && "sr-only")}>
        {run && (
          <>
            <Spinner />
            {translateMessages.progress(run.done, run.total)}
          </>
        )}
      </p>
    </div>
  );
}
