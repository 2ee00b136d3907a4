import { useRef, type KeyboardEvent } from "react";
import { LOCALES, locales, type Locale } from "#content/locales.ts";
import { cn } from "#app/components/ui/cn.ts";

/** Which key moves the choice by how much (a radio group's arrows, Home and End). */
const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The language a tab is edited in: English, සිංහල, தமிழ் (content/locales.ts),
 * each in its own script and marked with its `lang`. A radio group: Tab
 * reaches the chosen language, the arrow keys choose another. A dot marks
 * another language whose editor holds unsaved changes (`unsaved`); the shown
 * one says so in the editor's header.
 */
export function LanguageSwitch({
  value,
  onChange,
  unsaved,
  className,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
  unsaved: (locale: Locale) => boolean;
  className?: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(locales.indexOf(value), locales.length);
    onChange(locales[next]!);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-label="Language"
      className={cn("inline-flex shrink-0 rounded-lg bg-slate-100 p-0.5 ring-1 ring-slate-200", className)}
      onKeyDown={onKeyDown}
    >
      {locales.map((locale, index) => {
        const checked = locale === value;
        return (
          <button
            key={locale}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(locale)}
            className={cn(
              "inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 motion-reduce:transition-none",
              checked ? "bg-white text-slate-950 shadow-sm" : "text-slate-600 hover:text-slate-950",
            )}
          >
            <span lang={LOCALES[locale].htmlLang}>{LOCALES[locale].nativeName}</span>
            {!checked && unsaved(locale) && (
              <span className="size-1.5 rounded-full bg-amber-500" title="Edits not saved">
                <span lang="en" className="sr-only">
                  (edits not saved)
                </span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
