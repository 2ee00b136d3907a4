import { describe, expect, it } from "vitest";
import type { TranslateEvent } from "#content/ai-translation.ts";
import { ApiError, statusError } from "#app/lib/api.ts";
import { readTranslateAnswer, TRANSLATION_CUT } from "./ai-translate.ts";

const PATHS = ["hero.title", "hero.subtitle", "features.0.title"];

/** A 200 NDJSON answer that sends `chunks` as they are (bytes split anywhere, UTF-8 included). */
function streamed(chunks: (string | Uint8Array)[], { fail = false } = {}) {
  const encoder = new TextEncoder();
  let next = 0;
  // One chunk per read, as a network delivers them (an error in `start` would drop what was queued).
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk !== undefined) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      else if (fail) controller.error(new TypeError("network error"));
      else controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/x-ndjson" } });
}

const line = (event: TranslateEvent) => `${JSON.stringify(event)}\n`;

async function read(response: Response, paths = PATHS) {
  const events: TranslateEvent[] = [];
  const end = await readTranslateAnswer(response, paths, { onEvent: (event) => events.push(event) });
  return { end, events };
}

describe("readTranslateAnswer", () => {
  it("hands on each event in order, lines split across chunks and several in one", async () => {
    // "ශ්‍රී" holds a ZWJ; its UTF-8 bytes are cut between two chunks.
    const sinhala = "ශ්‍රී ලංකාවේ ව්‍යාපාර";
    const text = line({ type: "text", path: "hero.title", text: sinhala });
    const bytes = new TextEncoder().encode(text);
    const { end, events } = await read(
      streamed([
        line({ type: "start", total: 3 }).slice(0, 7),
        line({ type: "start", total: 3 }).slice(7),
        bytes.slice(0, 40),
        bytes.slice(40),
        line({ type: "text", path: "hero.subtitle", text: "උප මාතෘකාව" }) +
          line({ type: "text", path: "features.0.title", text: "විශේෂාංගය" }).slice(0, 20),
        line({ type: "text", path: "features.0.title", text: "විශේෂාංගය" }).slice(20),
        line({ type: "done", translated: 3 }),
      ]),
    );
    expect(events).toEqual([
      { type: "start", total: 3 },
      { type: "text", path: "hero.title", text: sinhala },
      { type: "text", path: "hero.subtitle", text: "උප මාතෘකාව" },
      { type: "text", path: "features.0.title", text: "විශේෂාංගය" },
      { type: "done", translated: 3 },
    ]);
    expect(end).toEqual({ type: "done", translated: 3 });
    expect((events[1] as { text: string }).text).toContain("\u200D");
  });

  it("takes a last event without its final newline, and skips blank lines", async () => {
    const { end } = await read(
      streamed([line({ type: "start", total: 1 }), "\n", JSON.stringify({ type: "done", translated: 1 })]),
      ["hero.title"],
    );
    expect(end).toEqual({ type: "done", translated: 1 });
  });

  it("passes on the server's error with the paths it left", async () => {
    const { end, events } = await read(
      streamed([
        line({ type: "start", total: 3 }),
        line({ type: "text", path: "hero.title", text: "මාතෘකාව" }),
        line({ type: "error", error: "The AI service is busy.", left: ["hero.subtitle", "features.0.title"] }),
      ]),
    );
    expect(end).toEqual({
      type: "error",
      error: "The AI service is busy.",
      left: ["hero.subtitle", "features.0.title"],
    });
    expect(events.at(-1)).toEqual(end);
  });

  it("ends a stream cut in the middle of a line as a failure leaving what did not arrive", async () => {
    const { end, events } = await read(
      streamed([
        line({ type: "start", total: 3 }),
        line({ type: "text", path: "hero.title", text: "මාතෘකාව" }),
        '{"type":"text","path":"hero.subtitle","text":"උප',
      ]),
    );
    expect(end).toEqual({ type: "error", error: TRANSLATION_CUT, left: ["hero.subtitle", "features.0.title"] });
    expect(events.filter((event) => event.type === "text")).toHaveLength(1);
  });

  it("ends a stream closed without its last event, or broken by the network, as a failure", async () => {
    const closed = await read(streamed([line({ type: "start", total: 3 })]));
    expect(closed.end).toEqual({ type: "error", error: TRANSLATION_CUT, left: PATHS });

    const broken = await read(
      streamed([line({ type: "start", total: 3 }), line({ type: "text", path: "hero.title", text: "අ" })], {
        fail: true,
      }),
    );
    expect(broken.end).toEqual({ type: "error", error: TRANSLATION_CUT, left: ["hero.subtitle", "features.0.title"] });
  });

  it("stops at a line that is not an event", async () => {
    const { end, events } = await read(
      streamed([
        line({ type: "start", total: 3 }),
        "<html>Bad gateway</html>\n",
        line({ type: "done", translated: 3 }),
      ]),
    );
    expect(end).toEqual({ type: "error", error: TRANSLATION_CUT, left: PATHS });
    expect(events).toEqual([{ type: "start", total: 3 }, end]);
  });

  it("rejects a refusal before the stream with the server's words, else its status", async () => {
    const notConfigured = "AI is not configured. Set GEMINI_API_KEY or OPENAI_BASE_URL on the server.";
    const answers: [Response, string, number][] = [
      [Response.json({ error: notConfigured }, { status: 503 }), notConfigured, 503],
      [
        Response.json({ error: "Too many AI requests. Try again later." }, { status: 429 }),
        "Too many AI requests. Try again later.",
        429,
      ],
      [
        Response.json({ error: "Send at least one text to translate." }, { status: 400 }),
        "Send at least one text to translate.",
        400,
      ],
      [new Response("<html>Bad gateway</html>", { status: 502 }), statusError(502), 502],
    ];
    for (const [response, message, status] of answers) {
      const events: TranslateEvent[] = [];
      const refused = readTranslateAnswer(response, PATHS, { onEvent: (event) => events.push(event) });
      await expect(refused).rejects.toThrow(message);
      await expect(refused).rejects.toBeInstanceOf(ApiError);
      await expect(refused).rejects.toMatchObject({ status });
      expect(events).toEqual([]);
    }
  });

  it("rethrows the abort when the request is stopped mid-way", async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode(line({ type: "start", total: 3 })));
        controller.signal.addEventListener("abort", () => stream.error(controller.signal.reason));
      },
    });
    const events: TranslateEvent[] = [];
    const reading = readTranslateAnswer(new Response(body), PATHS, {
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        controller.abort();
      },
    });
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
    expect(events).toEqual([{ type: "start", total: 3 }]);
  });
});
