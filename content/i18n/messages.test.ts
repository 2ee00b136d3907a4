import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_LIMITS, contactMessageSchema } from "../contact-message.ts";
import { ASSISTANT_NAME, DEFAULT_GREETING } from "../constants.ts";
import { locales, type Locale } from "../locales.ts";
import { documents, sectionKeys } from "../sections.ts";
import { en as chatEn, type ChatMessages } from "./chat/en.ts";
import { si as chatSi } from "./chat/si.ts";
import { ta as chatTa } from "./chat/ta.ts";
import { en, type Messages } from "./en.ts";
import { format } from "./format.ts";
import { en as serverEn, type ServerMessages } from "./server/en.ts";
import { si as serverSi } from "./server/si.ts";
import { ta as serverTa } from "./server/ta.ts";
import { si } from "./si.ts";
import { ta } from "./ta.ts";

/** Each language's strings: the page's, the chat panel's catalog (./chat/) and the server's own (./server/). */
const dictionaries: Record<Locale, Messages & { chatPanel: ChatMessages; server: ServerMessages }> = {
  en: { ...en, chatPanel: chatEn, server: serverEn },
  si: { ...si, chatPanel: chatSi, server: serverSi },
  ta: { ...ta, chatPanel: chatTa, server: serverTa },
};

/** Every string of a dictionary by its dotted key: `contactForm.fieldErrors.name.required`. */
function flatten(messages: object, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const entry of flatten(value as object, path)) flat.set(...entry);
  }
  return flat;
}

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the interface dictionaries", () => {
  const english = flatten(dictionaries.en);

  it("cover every language of content/locales.ts", () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...locales].sort());
  });

  it.each(locales)("%s has every key of English and no other, none of them empty", (locale) => {
    const flat = flatten(dictionaries[locale]);
    expect([...flat.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of flat) expect(text.trim(), key).not.toBe("");
  });

  it.each(locales)("%s uses the same placeholders as English in every message", (locale) => {
    for (const [key, text] of flatten(dictionaries[locale])) {
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
    }
  });

  it("translates the other languages' texts (a copied English text is a missed one)", () => {
    for (const locale of locales.filter((other) => other !== "en")) {
      for (const [key, text] of flatten(dictionaries[locale]))
        expect(text, `${locale} ${key}`).not.toBe(english.get(key));
    }
  });

  it("write Sinhala's rakaransaya and yansaya with the zero-width joiner (ශ්‍රී, not ශ්රී)", () => {
    for (const [key, text] of flatten(dictionaries.si)) {
      // A virama straight before ra or ya, except after ra itself (the repaya, ර්ය).
      expect(/(?<!\u0DBB)\u0DCA(?=[\u0DBB\u0DBA])/u.test(text), key).toBe(false);
    }
    expect(si.footer.defaultPlace).toContain("ශ්\u200Dරී");
  });

  it("offer each language in its own name's language", () => {
    for (const locale of locales) {
      const { offer, offerLink } = dictionaries[locale].language;
      expect(offer + offerLink).not.toMatch(locale === "en" ? /[\u0D80-\u0DFF\u0B80-\u0BFF]/ : /[A-Za-z]{3}/);
    }
  });
});

describe("the English dictionary", () => {
  it("names each public page's links as the page registry does (content/sections.ts)", () => {
    expect(Object.keys(en.links)).toEqual(sectionKeys);
    for (const key of sectionKeys) expect(en.links[key]).toBe(documents[key].page.linkLabel);
  });

  it("words the contact form's errors as the shared schema does", () => {
    const errorOf = (input: Record<string, unknown>, field: string) =>
      contactMessageSchema.safeParse(input).error?.issues.find((issue) => issue.path[0] === field)?.message;
    const fill = (n: number) => "x".repeat(n);
    const max = (n: number) => n.toLocaleString("en-US");
    const { fieldErrors } = serverEn.contactForm;
    expect(errorOf({ name: "" }, "name")).toBe(fieldErrors.name.required);
    expect(errorOf({ name: fill(CONTACT_MESSAGE_LIMITS.name + 1) }, "name")).toBe(
      format(fieldErrors.name.tooLong, { max: max(CONTACT_MESSAGE_LIMITS.name) }),
    );
    expect(errorOf({ email: "" }, "email")).toBe(fieldErrors.email.required);
    expect(errorOf({ email: "nope" }, "email")).toBe(fieldErrors.email.invalid);
    expect(errorOf({ email: `${fill(CONTACT_MESSAGE_LIMITS.email)}@x.lk` }, "email")).toBe(
      format(fieldErrors.email.tooLong, { max: max(CONTACT_MESSAGE_LIMITS.email) }),
    );
    expect(errorOf({ company: fill(CONTACT_MESSAGE_LIMITS.company + 1) }, "company")).toBe(
      format(fieldErrors.company.tooLong, { max: max(CONTACT_MESSAGE_LIMITS.company) }),
    );
    expect(errorOf({ message: "  " }, "message")).toBe(fieldErrors.message.required);
    expect(errorOf({ message: fill(CONTACT_MESSAGE_LIMITS.message + 1) }, "message")).toBe(
      format(fieldErrors.message.tooLong, { max: max(CONTACT_MESSAGE_LIMITS.message) }),
    );
  });

  it("keeps the assistant's name and default greeting of content/constants.ts", () => {
    expect(en.chat.name).toBe(ASSISTANT_NAME);
    expect(chatEn.greeting).toBe(DEFAULT_GREETING);
  });
});
