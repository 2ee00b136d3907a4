import type { PreviewDraft } from "#content/preview.ts";

/** Stores a draft under a token (PUT /api/previews/:token); tests pass a fake. */
export type SendPreview = (token: string, draft: PreviewDraft) => Promise<unknown>;

export interface PreviewSender {
  readonly token: string;
  /**
   * Stores `draft` unless it is the one stored last (`force`: store it anyway,
   * the stored one may have expired). One request at a time, so drafts arrive
   * in order, and drafts given meanwhile fold into the newest. Resolves once
   * the newest is stored; rejects with the failure (the next call tries again).
   */
  send(draft: PreviewDraft, force?: boolean): Promise<void>;
}

/** A URL-safe random token of 24 characters (18 random bytes), as PREVIEW_TOKEN accepts. */
export function newPreviewToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}

/** The sends of one preview (one token): the newest draft wins, never an older one after it. */
export function createPreviewSender(token: string, store: SendPreview): PreviewSender {
  let stored: string | undefined;
  let latest: { json: string; draft: PreviewDraft } | undefined;
  let running: Promise<void> | undefined;

  async function run() {
    try {
      while (latest && latest.json !== stored) {
        const next = latest;
        await store(token, next.draft);
        stored = next.json;
      }
    } finally {
      running = undefined;
    }
  }

  return {
    token,
    send(draft, force = false) {
      latest = { json: JSON.stringify(draft), draft };
      if (force) stored = undefined;
      // Started only with something to send, so it awaits before its `finally` forgets it.
      if (!running && latest.json !== stored) running = run();
      return running ?? Promise.resolve();
    },
  };
}
