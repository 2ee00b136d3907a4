import { useEffect, useRef, useState } from "react";
import type { AiStatus, TextFormat } from "#content/ai-translation.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import { toast } from "#app/components/ui/toaster.tsx";
import { loadAiStatus, translateTexts } from "../data/ai-translate.ts";
import { textAt, withTextAt, type TextInLanguage } from "../data/translation-copy.ts";
import { textsToTranslate, translateMessages } from "./translate-texts.ts";

/** The translation an editor can ask for: its language, texts and draft, and how a text lands in the draft. */
export interface TranslateTarget {
  locale: TranslatedLocale;
  texts: ReadonlyMap<string, TextInLanguage>;
  draft: unknown;
  /** How the text at a path is written (content/translatable.ts textFormat). */
  formatOf: (path: string) => TextFormat;
  /** Puts a translated text in the draft at its path: an ordinary unsaved edit. */
  apply: (path: string, text: string) => void;
}

/** A target's `apply` over an editor's `updateDraft`: the text at its path, when the draft still has one. */
export const applyText =
  <T>(updateDraft: (change: (draft: T) => T) => void) =>
  (path: string, text: string): void =>
    updateDraft((draft) => (textAt(draft, path) === undefined ? draft : withTextAt(draft, path, text)));

/** How far a running translation is. */
export interface TranslateRun {
  done: number;
  total: number;
}

/**
 * "Translate from English" for one editor in one language (issue 26): starts
 * a translation of the texts `textsToTranslate` picks from the draft, puts
 * each in the draft as it arrives, and ends with a toast. Stopping, or the
 * editor going (another language, closed), aborts the request; what arrived
 * stays. Give it a fresh mount per language: what it applies goes to the
 * editor it started in.
 */
export function useTranslate(target: TranslateTarget) {
  const [run, setRun] = useState<TranslateRun | null>(null);
  const running = useRef<{ controller: AbortController; stopped: boolean } | null>(null);
  useEffect(() => () => running.current?.controller.abort(), []);

  async function start(all: boolean) {
    if (running.current) return;
    const { locale, apply } = target;
    const texts = textsToTranslate(target.texts, target.draft, { all, formatOf: target.formatOf });
    if (texts.length === 0) return;
    const current = { controller: new AbortController(), stopped: false };
    running.current = current;
    const wanted = new Set(texts.map((text) => text.path));
    const arrived = new Set<string>();
    const total = texts.length;
    setRun({ done: 0, total });
    try {
      const end = await translateTexts(
        { locale, texts },
        {
          signal: current.controller.signal,
          onEvent: (event) => {
            if (event.type !== "text" || !wanted.has(event.path) || current.controller.signal.aborted) return;
            apply(event.path, event.text);
            arrived.add(event.path);
            setRun({ done: arrived.size, total });
          },
        },
      );
      if (end.type === "done") toast.success("Success", { description: translateMessages.done(arrived.size) });
      else {
        const left = texts.map((text) => text.path).filter((path) => !arrived.has(path));
        toast.error("Error", { description: translateMessages.failed(arrived.size, total, left, end.error) });
      }
    } catch (cause) {
      if (current.controller.signal.aborted) {
        // Stopped by the admin: say what stays. Gone with its editor: nothing to say.
        if (current.stopped) toast.info("Stopped", { description: translateMessages.stopped(arrived.size, total) });
      } else {
        toast.error("Error", { description: cause instanceof Error ? cause.message : String(cause) });
      }
    } finally {
      running.current = null;
      setRun(null);
    }
  }

  function stop() {
    if (!running.current) return;
    running.current.stopped = true;
    running.current.controller.abort();
  }

  return { run, start, stop };
}

/** The server's AI status, asked once per admin load (and again after a failed ask). */
let aiStatus: Promise<AiStatus> | null = null;
let knownStatus: AiStatus | null = null;

/** Whether the server's model can translate: null until known (or when it could not be asked). */
export function useAiStatus(): AiStatus | null {
  const [status, setStatus] = useState(knownStatus);
  useEffect(() => {
    if (knownStatus) return;
    let live = true;
    aiStatus ??= loadAiStatus().then(
      (loaded) => (knownStatus = loaded),
      (error: unknown) => {
        aiStatus = null;
        throw error;
      },
    );
    aiStatus.then(
      (loaded) => live && setStatus(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return status;
}
