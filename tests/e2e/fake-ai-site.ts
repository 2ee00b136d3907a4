import type { Fixtures } from "@playwright/test";
import { startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";
import { startSite, type Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

/** A site whose model is a fake Gemini on 127.0.0.1 (server/dev/fake-ai.ts), and that fake. */
export interface FakeAiSite {
  fake: FakeAi;
  site: Site;
}

/**
 * The fixtures of a spec run against a fake model: one site and one fake per
 * worker (`aiWorker`, started once: migrations and password hashing are
 * slow on a busy machine), the fake's replies and records cleared for each
 * test (`ai`). `apiKey` is the key the site is given, for a spec that checks
 * it never reaches a browser.
 *
 *   const test = base.extend<{ ai: FakeAiSite }, { aiWorker: FakeAiSite }>(fakeAiSite("sk-…"));
 */
export function fakeAiSite(apiKey: string): Fixtures<{ ai: FakeAiSite }, { aiWorker: FakeAiSite }> {
  return {
    aiWorker: [
      async ({}, provide) => {
        const fake = await startFakeAi();
        const site = await startSite({
          GEMINI_API_KEY: apiKey,
          GEMINI_BASE_URL: fake.url,
          GEMINI_MODEL: "gemini-test",
        });
        await provide({ fake, site });
        await site.close();
        await fake.close();
      },
      { scope: "worker", timeout: budget(90_000) },
    ],
    ai: async ({ aiWorker }, provide) => {
      aiWorker.fake.reset();
      await provide(aiWorker);
    },
  };
}
