import { describe, expect, it } from "vitest";
import { PREVIEW_TOKEN, type PreviewDraft } from "#content/preview.ts";
import { createPreviewSender, newPreviewToken } from "./preview-sender.ts";

const draft = (title: string): PreviewDraft => ({ documents: { services: { title } } });

/** A fake PUT /api/previews/:token whose answers the test releases one by one. */
function fakeServer() {
  const stored: unknown[] = [];
  const waiting: { draft: PreviewDraft; settle: (error?: Error) => void }[] = [];
  return {
    stored,
    waiting,
    store: (_token: string, sent: PreviewDraft) =>
      new Promise<void>((resolve, reject) =>
        waiting.push({
          draft: sent,
          settle: (error) => {
            if (error) return reject(error);
            stored.push(sent);
            resolve();
          },
        }),
      ),
    /** Answers the oldest request in flight, then lets the sender go on. */
    async answer(error?: Error) {
      waiting.shift()!.settle(error);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe("newPreviewToken", () => {
  it("makes different URL-safe tokens the server accepts", () => {
    const tokens = new Set(Array.from({ length: 50 }, newPreviewToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(PREVIEW_TOKEN);
  });
});

describe("createPreviewSender", () => {
  it("sends one draft at a time and folds the drafts given meanwhile into the newest", async () => {
    const server = fakeServer();
    const sender = createPreviewSender("token-aaaaaaaaaaaa", server.store);
    const first = sender.send(draft("A"));
    void sender.send(draft("B"));
    const last = sender.send(draft("C"));
    expect(server.waiting.map((w) => w.draft)).toEqual([draft("A")]);
    await server.answer();
    // B was overtaken by C before it could go: only C follows A.
    expect(server.waiting.map((w) => w.draft)).toEqual([draft("C")]);
    await server.answer();
    await Promise.all([first, last]);
    expect(server.stored).toEqual([draft("A"), draft("C")]);
  });

  it("does not send the stored draft again, unless forced (it may have expired)", async () => {
    const server = fakeServer();
    const sender = createPreviewSender("token-aaaaaaaaaaaa", server.store);
    const sent = sender.send(draft("A"));
    await server.answer();
    await sent;
    await sender.send(draft("A"));
    expect(server.waiting).toHaveLength(0);
    const forced = sender.send(draft("A"), true);
    await server.answer();
    await forced;
    expect(server.stored).toEqual([draft("A"), draft("A")]);
  });

  it("rejects when a send fails, and tries again with the next draft", async () => {
    const server = fakeServer();
    const sender = createPreviewSender("token-aaaaaaaaaaaa", server.store);
    const failed = sender.send(draft("A"));
    const outcome = failed.catch((error: Error) => error.message);
    await server.answer(new Error("The server could not be reached."));
    expect(await outcome).toBe("The server could not be reached.");
    const again = sender.send(draft("A"));
    await server.answer();
    await again;
    expect(server.stored).toEqual([draft("A")]);
  });
});
