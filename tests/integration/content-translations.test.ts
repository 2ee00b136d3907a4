import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultHome, defaultServices, documentDefaults } from "#content/defaults.ts";
import type { HomeContent } from "#content/schemas.ts";
import { sectionKeys } from "#content/sections.ts";
import { builtInTranslations } from "#content/translations/index.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

// Issue 25: a document's texts in Sinhala and Tamil, through the content API.

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startApiServer();
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

interface Answer<T = HomeContent> {
  key: string;
  locale?: string;
  version: number;
  englishVersion?: number;
  data: T;
  states?: Record<string, string>;
  updatedBy: string | null;
}

const headers = (extra: Record<string, string> = {}) => ({
  "Content-Type": "application/json",
  Cookie: cookie,
  ...extra,
});

async function read<T = HomeContent>(key: string, locale?: string): Promise<Answer<T>> {
  const response = await fetch(`${server.url}/api/content/${key}${locale ? `?locale=${locale}` : ""}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Answer<T>;
}

const put = (key: string, locale: string | undefined, body: unknown, extra: Record<string, string> = {}) =>
  fetch(`${server.url}/api/content/${key}${locale ? `?locale=${locale}` : ""}`, {
    method: "PUT",
    headers: headers(extra),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const withHeroTitle = (data: HomeContent, title: string): HomeContent => ({ ...data, hero: { ...data.hero, title } });

describe("reading a document in a language", () => {
  it.each(sectionKeys)("answers %s in Sinhala and Tamil from the built-in translations on a new site", async (key) => {
    for (const locale of ["si", "ta"] as const) {
      const answer = await read(key, locale);
      expect(answer).toMatchObject({ key, locale, version: 0 });
      expect(answer.data).toEqual(builtInTranslations[locale].documents[key]);
      expect(Object.values(answer.states ?? {}).every((state) => state === "translated")).toBe(true);
    }
  });

  it("answers English without `?locale` and with `?locale=en`, as before", async () => {
    expect((await read("services")).data).toEqual(documentDefaults.services);
    expect((await read("services", "en")).data).toEqual(documentDefaults.services);
  });

  it("refuses a language the site does not have, naming those it has", async () => {
    const response = await fetch(`${server.url}/api/content/home?locale=fr`);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/"fr".*en, si, ta/);
  });
});

describe("saving a language", () => {
  it("saves Sinhala texts only, byte for byte, as a version of their own", async () => {
    const english = await read("home");
    const sinhala = await read("home", "si");
    // ZWJ (U+200D) in ශ්‍රී and ZWNJ (U+200C), as Sinhala writes them.
    const title = "ශ්\u200Dරී ලංකාවේ ව්\u200Dයාපාර\u200C සඳහා";
    const changed = {
      ...withHeroTitle(sinhala.data, title),
      hero: { ...sinhala.data.hero, title, ctaUrl: "/elsewhere" },
    };
    const response = await put("home", "si", {
      version: sinhala.version,
      englishVersion: sinhala.englishVersion,
      data: changed,
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Answer;
    expect(saved).toMatchObject({ locale: "si", version: sinhala.version + 1, updatedBy: "owner@example.lk" });
    expect(saved.data.hero.title).toBe(title);

    const again = await read("home", "si");
    expect(again.data.hero.title).toBe(title);
    expect([...again.data.hero.title].map((c) => c.codePointAt(0))).toEqual([...title].map((c) => c.codePointAt(0)));
    // Links are shared: the Sinhala save did not change them.
    expect(again.data.hero.ctaUrl).toBe(english.data.hero.ctaUrl);
    const englishAfter = await read("home");
    expect(englishAfter).toEqual(english);
    expect((await read("home", "ta")).version).toBe(0);
  });

  it("never conflicts across languages, and still conflicts within one", async () => {
    const si = await read("services", "si");
    const ta = await read("services", "ta");
    const en = await read("services");
    const first = await put("services", "si", { version: si.version, data: { ...si.data, title: "සේවා" } });
    expect(first.status).toBe(200);
    const tamil = await put("services", "ta", { version: ta.version, data: { ...ta.data, title: "சேவைகள்" } });
    expect(tamil.status).toBe(200);
    const englishSave = await put("services", undefined, {
      version: en.version,
      data: { ...en.data, subtitle: "New" },
    });
    expect(englishSave.status).toBe(200);

    const stale = await put("services", "si", { version: si.version, data: { ...si.data, title: "වෙනත්" } });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { error: string; current: Answer };
    expect(body.error).toMatch(/Services \(සිංහල\) was changed by owner@example.lk/);
    expect(body.current.data).toMatchObject({ title: "සේවා" });
    expect((await read("services", "si")).data).toMatchObject({ title: "සේවා" });
  });

  it("marks a translation stale when its English changes, and shows English where none was made", async () => {
    const en = await read<typeof defaultServices>("services");
    const si = await read<typeof defaultServices>("services", "si");
    const retitled = await put("services", undefined, {
      version: en.version,
      data: { ...en.data, title: "What we do" },
    });
    expect(retitled.status).toBe(200);
    const after = await read<typeof defaultServices>("services", "si");
    // Saved in Sinhala before: still shown, marked "English changed".
    expect(after.data.title).toBe(si.data.title);
    expect(after.states?.["title"]).toBe("stale");

    // Partners was never saved in Sinhala: its built-in translation holds only while English is built-in.
    const partners = await read<{ subtitle: string }>("partners");
    const saved = await put("partners", undefined, {
      version: partners.version,
      data: { ...partners.data, subtitle: "Changed in English" },
    });
    expect(saved.status).toBe(200);
    const partnersSi = await read<{ title: string; subtitle: string }>("partners", "si");
    expect(partnersSi.data.subtitle).toBe("Changed in English");
    expect(partnersSi.states?.["subtitle"]).toBe("missing");
    expect(partnersSi.data.title).toBe(builtInTranslations.si.documents.partners.title);
  });

  it("keeps history per language and restores an older Sinhala version as a new one", async () => {
    const si = await read("about", "si");
    const one = await put("about", "si", { version: si.version, data: { ...si.data, title: "එක" } });
    const two = await put("about", "si", { version: si.version + 1, data: { ...si.data, title: "දෙක" } });
    expect([one.status, two.status]).toEqual([200, 200]);
    const list = await fetch(`${server.url}/api/content/about/revisions?locale=si`, { headers: headers() });
    const { revisions } = (await list.json()) as { revisions: { version: number }[] };
    expect(revisions.map((r) => r.version)).toEqual([si.version + 2, si.version + 1]);
    const old = await fetch(`${server.url}/api/content/about/revisions/${si.version + 1}?locale=si`, {
      headers: headers(),
    });
    expect(((await old.json()) as Answer<{ title: string }>).data.title).toBe("එක");
    const englishHistory = await fetch(`${server.url}/api/content/about/revisions`, { headers: headers() });
    expect(((await englishHistory.json()) as { revisions: unknown[] }).revisions).toEqual([]);

    const restore = await fetch(`${server.url}/api/content/about/revisions/${si.version + 1}/restore?locale=si`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ version: si.version + 2 }),
    });
    expect(restore.status).toBe(200);
    const restored = await read<{ title: string }>("about", "si");
    expect(restored).toMatchObject({ version: si.version + 3, data: { title: "එක" } });
  });

  it("sanitises HTML in a translated legal page", async () => {
    const si = await read<{ title: string; content: string }>("privacy-policy", "si");
    const response = await put("privacy-policy", "si", {
      version: si.version,
      data: { ...si.data, content: '<p>රහස්‍යතාව</p><script>alert(1)</script><img src=x onerror="alert(1)">' },
    });
    expect(response.status).toBe(200);
    const saved = await read<{ content: string }>("privacy-policy", "si");
    expect(saved.data.content).toContain("<p>රහස්‍යතාව</p>");
    expect(saved.data.content).not.toMatch(/script|onerror/);
  });
});

describe("bad saves change nothing", () => {
  const cases: [string, () => Promise<Response>, number, RegExp][] = [
    ["an unknown language", () => put("contact", "xx", { version: 0, data: defaultHome }), 400, /"xx"/],
    ["malformed JSON", () => put("contact", "si", "{nope"), 400, /JSON/],
    [
      "an unknown field",
      () => put("contact", "si", { version: 0, data: documentDefaults.contact, extra: 1 }),
      400,
      /extra/,
    ],
    [
      "a text too long",
      () => put("contact", "si", { version: 0, data: { ...documentDefaults.contact, title: "ස".repeat(301) } }),
      400,
      /300/,
    ],
    ["a wrong type", () => put("contact", "si", { version: "1", data: documentDefaults.contact }), 400, /version/],
    [
      "an unknown English version",
      () => put("contact", "si", { version: 0, englishVersion: 999, data: documentDefaults.contact }),
      400,
      /englishVersion/,
    ],
    [
      // Past PostgreSQL's integer: a 500 there before it was checked (found by tests/fuzz/api-media-audit-translations).
      "an English version past 2,147,483,647",
      () => put("contact", "si", { version: 0, englishVersion: 2_147_483_648, data: documentDefaults.contact }),
      400,
      /englishVersion must be at most 2,147,483,647/,
    ],
    [
      "no session",
      () =>
        fetch(`${server.url}/api/content/contact?locale=si`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ version: 0, data: documentDefaults.contact }),
        }),
      401,
      /sign in/,
    ],
    [
      "a foreign Origin",
      () => put("contact", "si", { version: 0, data: documentDefaults.contact }, { Origin: "https://evil.example" }),
      403,
      /another site/,
    ],
  ];

  it.each(cases)("refuses %s", async (_name, send, status, message) => {
    const before = await read("contact", "si");
    const response = await send();
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toMatch(message);
    expect(await read("contact", "si")).toEqual(before);
    const list = await fetch(`${server.url}/api/content/contact/revisions?locale=si`, { headers: headers() });
    expect(((await list.json()) as { revisions: unknown[] }).revisions).toEqual([]);
  });
});

describe("confirming a translation still correct", () => {
  type Services = typeof defaultServices;
  // ZWJ (U+200D) in ශ්‍රී, as Sinhala writes it.
  const SRI_LANKA = "ශ්\u200Dරී ලංකාව";
  const FIRST = "services.2.features.0";
  const SECOND = "services.2.features.1";
  const revisionCount = async () => {
    const list = await fetch(`${server.url}/api/content/services/revisions?locale=si`, { headers: headers() });
    return ((await list.json()) as { revisions: unknown[] }).revisions.length;
  };
  const withFeatures = (data: Services, first: string, second: string): Services => ({
    ...data,
    services: data.services.map((service, index) =>
      index === 2 ? { ...service, features: [first, second, ...service.features.slice(2)] } : service,
    ),
  });
  const featuresOf = (data: Services) => data.services[2]!.features.slice(0, 2);

  /** Services with two Sinhala features whose English then changed: both read "stale". */
  async function staleFeatures() {
    const si = await read<Services>("services", "si");
    const saved = await put("services", "si", {
      version: si.version,
      englishVersion: si.englishVersion,
      data: withFeatures(si.data, SRI_LANKA, "දෙවැන්න"),
    });
    expect(saved.status).toBe(200);
    const en = await read<Services>("services");
    const [first, second] = featuresOf(en.data);
    const changed = await put("services", undefined, {
      version: en.version,
      data: withFeatures(en.data, `${first} (new)`, `${second} (new)`),
    });
    expect(changed.status).toBe(200);
    const stale = await read<Services>("services", "si");
    expect(stale.states).toMatchObject({ [FIRST]: "stale", [SECOND]: "stale" });
    expect(featuresOf(stale.data)).toEqual([SRI_LANKA, "දෙවැන්න"]);
    return stale;
  }

  it("stores a stale text sent back unchanged as translating the English seen; one not listed stays stale", async () => {
    const stale = await staleFeatures();
    expect(stale.states?.["services.0.title"]).toBe("translated");
    const response = await put("services", "si", {
      version: stale.version,
      englishVersion: stale.englishVersion,
      data: stale.data,
      // A duplicate, and a text already translated, change nothing.
      confirmed: [FIRST, FIRST, "services.0.title"],
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Answer<Services>;
    const again = await read<Services>("services", "si");
    expect(again).toEqual(saved);
    expect(again.version).toBe(stale.version + 1);
    expect(again.states).toEqual({ ...stale.states, [FIRST]: "translated" });
    expect(again.states?.[SECOND]).toBe("stale");
    expect(again.data).toEqual(stale.data);
    expect(Buffer.from(featuresOf(again.data)[0]!)).toEqual(Buffer.from(SRI_LANKA));

    // Confirmed again (from another tab): no error, nothing else changes.
    const twice = await put("services", "si", {
      version: again.version,
      englishVersion: again.englishVersion,
      data: again.data,
      confirmed: [FIRST],
    });
    expect(twice.status).toBe(200);
    expect(((await twice.json()) as Answer<Services>).states).toEqual(again.states);
  });

  it("pairs a confirmed text with the English at englishVersion, not a later one", async () => {
    const stale = await staleFeatures();
    const en = await read<Services>("services");
    const [first, second] = featuresOf(en.data);
    // English changes again after the translator opened the page.
    const later = await put("services", undefined, {
      version: en.version,
      data: withFeatures(en.data, "Later", second!),
    });
    expect(later.status).toBe(200);
    const response = await put("services", "si", {
      version: stale.version,
      englishVersion: stale.englishVersion,
      data: stale.data,
      confirmed: [FIRST],
    });
    expect(response.status).toBe(200);
    // Still correct for the English seen, not for today's: stale until English reads as seen again.
    expect((await read("services", "si")).states?.[FIRST]).toBe("stale");
    const back = await read<Services>("services");
    await put("services", undefined, { version: back.version, data: withFeatures(back.data, first!, second!) });
    expect((await read("services", "si")).states).toMatchObject({ [FIRST]: "translated", [SECOND]: "stale" });
  });

  const refused: [string, { confirmed?: unknown; englishVersion?: number }, string | undefined, string][] = [
    ["confirmed that is not a list", { confirmed: FIRST }, "si", "confirmed: Send a list of text paths."],
    ["a path that is not a string", { confirmed: [FIRST, 7] }, "si", "confirmed.1: A text path is a string."],
    [
      "more than 1000 paths",
      { confirmed: Array.from({ length: 1001 }, () => FIRST) },
      "si",
      "confirmed: At most 1000 texts can be confirmed in one save.",
    ],
    [
      "a path over 300 characters",
      { confirmed: [`services.${"1".repeat(292)}`] },
      "si",
      "confirmed.0: A text path is at most 300 characters.",
    ],
    [
      "a path that names no text",
      { confirmed: [FIRST, "nosuch.path"] },
      "si",
      'confirmed: "nosuch.path" is not a text of Services.',
    ],
    [
      "a path of a shared field",
      { confirmed: ["services.2.placementId"] },
      "si",
      'confirmed: "services.2.placementId" is not a text of Services.',
    ],
    [
      "a path past the English seen's list",
      { confirmed: ["services.2.features.99"] },
      "si",
      'confirmed: "services.2.features.99" is not a text of Services.',
    ],
    [
      "confirmed in an English save",
      { confirmed: ["title"] },
      undefined,
      "confirmed is only for a save in another language.",
    ],
    [
      "englishVersion in an English save",
      { englishVersion: 1 },
      undefined,
      "englishVersion is only for a save in another language.",
    ],
  ];

  it.each(refused)("refuses %s, and stores nothing", async (_name, confirmed, locale, message) => {
    const stale = await read<Services>("services", "si");
    expect(stale.states?.[SECOND]).toBe("stale");
    const en = await read<Services>("services");
    const count = await revisionCount();
    const base = locale ? stale : en;
    const response = await put("services", locale, {
      version: base.version,
      data: base.data,
      ...(locale && { englishVersion: stale.englishVersion }),
      ...confirmed,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
    expect(await read("services", "si")).toEqual(stale);
    expect(await read("services")).toEqual(en);
    expect(await revisionCount()).toBe(count);
  });
});

describe("the chat's texts in a language", () => {
  it("greets and suggests questions in the page's language", async () => {
    const si = (await (await fetch(`${server.url}/api/chat/settings?locale=si`)).json()) as {
      greeting: string;
      suggestedQuestions: string[];
    };
    expect(si.greeting).toBe(builtInTranslations.si.documents["ai-settings"].greeting);
    expect(si.suggestedQuestions).toEqual(builtInTranslations.si.documents["ai-settings"].suggestedQuestions);
    const en = (await (await fetch(`${server.url}/api/chat/settings`)).json()) as { greeting: string };
    expect(en.greeting).toBe(documentDefaults["ai-settings"].greeting);
  });
});
