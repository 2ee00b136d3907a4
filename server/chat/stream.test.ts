import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describe, expect, it } from "vitest";
import { readChatStream, type ChatEvent } from "#content/chat.ts";
import { writeChatEvent } from "./stream.ts";

describe("writeChatEvent", () => {
  it("writes each event of the contract as the panel's reader reads it", async () => {
    const events: ChatEvent[] = [
      { event: "conversation", data: { id: "AbCdEfGhIjKlMnOpQrStUv" } },
      { event: "delta", data: { text: "Line one\nline two\r\n“quoted” ශ්‍රී 🌶" } },
      { event: "sources", data: [{ title: "Contact Us", url: "/contact" }] },
      { event: "handoff", data: { reason: "unanswered" } },
      { event: "error", data: { error: "The assistant could not answer just now." } },
      { event: "done", data: {} },
    ];
    const app = new Hono().get("/", (c) =>
      streamSSE(c, async (stream) => {
        for (const { event, data } of events) await writeChatEvent(stream, event, data as never);
      }),
    );
    const response = await app.request("/");
    const read: ChatEvent[] = [];
    for await (const event of readChatStream(response.body!)) read.push(event);
    expect(read).toEqual(events);
  });
});
