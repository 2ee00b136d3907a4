// A page carries the strings its browser code uses, no more, so that a Sinhala or Tamil page's
// document stays within the first round trip (docs/decisions/007-initial-javascript.md). The chat
// panel's strings are a catalog of their own per language (content/i18n/chat/), loaded with the
// panel's code on first use (app/components/chat/chat-messages.ts): a page carries the launcher's
// name only. What the server words when it refuses a message (content/i18n/server/) never goes
// with a page, until it is the answer. On the production build; the panel showing its catalog's
// words is tests/e2e/chat-languages.spec.ts, a refused message's words tests/e2e/contact*.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en as enPanel, type ChatMessages } from "#content/i18n/chat/en.ts";
import { si as siPanel } from "#content/i18n/chat/si.ts";
import { ta as taPanel } from "#content/i18n/chat/ta.ts";
import { en } from "#content/i18n/en.ts";
import { si } from "#content/i18n/si.ts";
import { en as enServer, type ServerMessages } from "#content/i18n/server/en.ts";
import { si as siServer } from "#content/i18n/server/si.ts";
import { ta as taServer } from "#content/i18n/server/ta.ts";
import { ta } from "#content/i18n/ta.ts";
import { buildDir } from "../../scripts/ensure-build.mjs";
import { tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

let site: BuiltServer;

beforeAll(async () => {
  await ensureBuiltOnce();
  site = await startBuiltServer(tempDir("agency-chat-catalogs-"));
}, 600_000);
afterAll(() => site.stop());

const languages = [
  { home: "/", page: en, panel: enPanel, server: enServer },
  { home: "/si", page: si, panel: siPanel, server: siServer },
  { home: "/ta", page: ta, panel: taPanel, server: taServer },
] as const;

/** Panel strings that no page says otherwise (the lead form's intro, the subtitle, the retention note). */
const panelWords = (panel: ChatMessages) => [panel.subtitle, panel.lead.intro, panel.retentionMany.split("{")[0]!];

/** The client build's scripts, by file name. */
function clientChunks(): Map<string, string> {
  const assets = path.join(buildDir, "client", "assets");
  return new Map(
    readdirSync(assets)
      .filter((name) => name.endsWith(".js"))
      .map((name) => [name, readFileSync(path.join(assets, name), "utf8")]),
  );
}

describe("the chat panel's strings", () => {
  it.each(languages)(
    "a page at $home carries the launcher's name, not the panel's words",
    async ({ home, page, panel }) => {
      const html = await (await fetch(`${site.url}${home}`)).text();
      expect(html).toContain(page.chat.name);
      for (const words of panelWords(panel)) expect(html).not.toContain(words);
    },
  );

  it.each(languages)(
    "are one chunk per language ($home), holding no other language's, that no page loads before the chat opens",
    async ({ home, panel }) => {
      const chunks = clientChunks();
      const holding = [...chunks].filter(([, code]) => code.includes(panel.subtitle));
      expect(holding).toHaveLength(1);
      const [name, code] = holding[0]!;
      for (const other of languages.filter((each) => each.panel !== panel))
        expect(code).not.toContain(other.panel.subtitle);
      // The page's scripts (its modulepreloads and module) never name it: the panel imports it.
      const html = await (await fetch(`${site.url}${home}`)).text();
      expect(html).not.toContain(name);
      expect(html).toMatch(/rel="modulepreload"/);
    },
  );
});

describe("the server's words for a refused message", () => {
  const refusals = (server: ServerMessages) => [
    server.contactForm.errors.automated,
    server.contactForm.errors.rateLimited,
    server.contactForm.fieldErrors.email.invalid,
    server.chatLead.noteTooLong.split("{")[0]!,
  ];

  it.each(languages)(
    "are not on the Contact page's form in $home until the server answers with them",
    async ({ home, page, server }) => {
      const html = await (await fetch(`${site.url}${home === "/" ? "" : home}/contact`)).text();
      expect(html).toContain(page.contactForm.title);
      for (const words of refusals(server)) expect(html).not.toContain(words);
    },
  );
});
