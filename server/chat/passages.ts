import { DEFAULT_LOCALE, localePath, type Locale } from "#content/locales.ts";
import { blocksToPlainText, inlineToPlainText, parseMarkup, type Block } from "#content/markup.ts";
import type { BlockType } from "#content/landing-pages.ts";
import type { LandingBlock, LandingPage } from "#content/landing-page-schema.ts";
import type { PostRecord } from "#content/posts.ts";
import { postPath } from "#content/public-pages.ts";
import { documents, type DocumentKey, type DocumentOf } from "#content/sections.ts";
import type { LegalContent } from "#content/schemas.ts";
import { FACT_NAMES, KNOWLEDGE_FACTS, type FactKey } from "./facts.ts";
import { SCRIPT_WORDS } from "./script-words.ts";
import { messagesFor } from "#content/i18n/dictionaries.ts";
import { indexTerm, words } from "./terms.ts";

/**
 * What the chat can quote: the site cut into passages of a paragraph or so,
 * each with the page it comes from. The knowledge base, every public page's
 * document and every published post give passages; ./site-index.ts indexes
 * them and keeps them current. Passages are made per language (issue 26):
 * from a page as it reads in that language, titled and linked as its pages
 * are, with the few words they add in that language (PASSAGE_WORDS).
 */

export interface Passage {
  /** Unique in the index: its group and its place in it ("doc:contact#1", "post:abc#4"). */
  id: string;
  /** Everything made from one document or one post, replaced together when it is saved. */
  group: string;
  /** "knowledge": the AI settings' knowledge base, which no page shows. */
  kind: "knowledge" | "page" | "post";
  /** The page's link label, the post's title, or KNOWLEDGE_TITLE. */
  title: string;
  /** The page to link to; null for the knowledge base. */
  url: string | null;
  /** The part of the page it is from (a service, a post's section), "" for none. Searched with the text. */
  heading: string;
  /** Readable on its own: quoted as is when no model answers. */
  text: string;
  /** The names a fact is asked by in this language (./facts.ts), searched but never shown; "" for most. */
  labels: string;
  /** How much it counts in the search (PAGE_WEIGHTS; 1 for most). */
  weight: number;
  /** The contact fact it gives (./fact-asked.ts), found by its names however they are asked; none for most. */
  fact?: FactKey;
  /** A service's description: says what is done, never what it costs or how long it takes (./site-index.ts). */
  offer?: true;
  /** A partner's description: what another business does, never what we do (./site-index.ts). */
  partner?: true;
}

/**
 * How much a page's passages count in the search beside the others (1 when
 * not listed): the legal pages' boilerplate says "website", "information" and
 * "services" more than any page visitors ask about, so it answers only
 * questions that are really about it.
 */
const PAGE_WEIGHTS: Partial<Record<DocumentKey, number>> = { "privacy-policy": 0.5, "terms-conditions": 0.5 };

/**
 * How much a post's passage counts beside a page's: the pages say what the
 * business does; a post is advice, so it answers when it says more.
 */
export const POST_WEIGHT = 0.8;

/**
 * How much a passage counts in a language's search when its text is still
 * English (untranslated, or the knowledge base, which has no translation): a
 * visitor asking in Sinhala is better answered by the Sinhala passage saying
 * the same, and the English one answers where there is none.
 */
export const UNTRANSLATED_WEIGHT = 0.5;

/**
 * Whether `text` is mostly English in a `locale` page: fewer letters of the
 * language's script than Latin ones, email and web addresses not counted.
 */
function untranslated(text: string, locale: Locale): boolean {
  const script = SCRIPT_WORDS.find((entry) => entry.locale === locale);
  if (!script) return false;
  let own = 0;
  let latin = 0;
  for (const char of text.replace(/\S+@\S+|(?:https?:\/\/|www\.)\S+/g, "")) {
    if (script.letter.test(char)) own++;
    else if (/[A-Za-z]/.test(char)) latin++;
  }
  return own < latin;
}

/**
 * The words a passage adds to what a page says, so that it reads right when
 * quoted alone ("Our office address is …"), per language. The page's own
 * name in a sentence is its link label in that language.
 */
interface PassageWords {
  /** What a service includes: its list of features, joined. */
  includes: (features: string) => string;
  story: string;
  mission: string;
  values: string;
  team: string;
  address: { heading: string; text: (address: string) => string };
  /** How to reach us, by email and phone where given (either may be ""), and the Contact page's form. */
  reach: { heading: string; text: (email: string, phone: string, contactPage: string) => string };
  website: { heading: string; text: (website: string) => string };
  phone: { heading: string; text: (phone: string) => string };
  email: { heading: string; text: (email: string) => string };
}

const lines = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ");

export const PASSAGE_WORDS: { readonly [L in Locale]: PassageWords } = {
  en: {
    includes: (features) => `It includes: ${features}.`,
    story: "Our story",
    mission: "Our mission",
    values: "Our values",
    team: "Our team",
    address: { heading: "Our address", text: (address) => `Our office address is ${address}.` },
    reach: {
      heading: "How to reach us",
      text: (email, phone, contactPage) =>
        lines(
          "You can reach us",
          [email && `by email at ${email}`, phone && `by phone on ${phone}`].filter(Boolean).join(" or "),
          `${email || phone ? "or " : ""}through the form on the ${contactPage} page.`,
        ),
    },
    website: { heading: "Our website", text: (website) => `Our website is ${website}.` },
    phone: { heading: "Our phone number", text: (phone) => `You can call us on ${phone}.` },
    // Not "email address": a question about the office's address is not about email.
    email: { heading: "Email", text: (email) => `You can email us at ${email}.` },
  },
  si: {
    includes: (features) => `මෙයට ඇතුළත් වන්නේ: ${features}.`,
    story: "අපගේ කතාව",
    mission: "අපගේ මෙහෙවර",
    values: "අපගේ වටිනාකම්",
    team: "අපගේ කණ්ඩායම",
    address: { heading: "අපගේ ලිපිනය", text: (address) => `අපගේ කාර්යාලයේ ලිපිනය: ${address}.` },
    reach: {
      heading: "අප හා සම්බන්ධ වන්නේ කෙසේද",
      text: (email, phone, contactPage) =>
        lines(
          "ඔබට",
          email && `${email} වෙත ඊමේල් කිරීමෙන්,`,
          phone && `${phone} දුරකථන අංකයට ඇමතීමෙන්,`,
          `${email || phone ? "හෝ " : ""}"${contactPage}" පිටුවේ ඇති පෝරමය හරහා අප හා සම්බන්ධ විය හැකිය.`,
        ),
    },
    website: { heading: "අපගේ වෙබ් අඩවිය", text: (website) => `අපගේ වෙබ් අඩවියේ ලිපිනය: ${website}.` },
    phone: { heading: "අපගේ දුරකථන අංකය", text: (phone) => `ඔබට ${phone} අංකයට ඇමතීමෙන් අප හා කතා කළ හැකිය.` },
    email: { heading: "අපගේ ඊමේල් ලිපිනය", text: (email) => `අපගේ ඊමේල් ලිපිනය: ${email}.` },
  },
  ta: {
    includes: (features) => `இதில் அடங்குபவை: ${features}.`,
    story: "எமது கதை",
    mission: "எமது இலக்கு",
    values: "எமது விழுமியங்கள்",
    team: "எமது குழு",
    address: { heading: "எமது முகவரி", text: (address) => `எமது அலுவலக முகவரி: ${address}.` },
    reach: {
      heading: "எம்மை எவ்வாறு தொடர்புகொள்வது",
      text: (email, phone, contactPage) =>
        lines(
          email && `${email} என்ற மின்னஞ்சல் முகவரிக்கு எழுதியோ,`,
          phone && `${phone} என்ற தொலைபேசி இலக்கத்தில் அழைத்தோ,`,
          `"${contactPage}" பக்கத்திலுள்ள படிவம் ${email || phone ? "மூலமோ" : "மூலம்"} எம்மைத் தொடர்புகொள்ளலாம்.`,
        ),
    },
    website: { heading: "எமது இணையத்தளம்", text: (website) => `எமது இணையத்தள முகவரி: ${website}.` },
    phone: { heading: "எமது தொலைபேசி எண்", text: (phone) => `எம்மை ${phone} என்ற தொலைபேசி எண்ணில் அழைக்கலாம்.` },
    email: { heading: "எமது மின்னஞ்சல் முகவரி", text: (email) => `எமது மின்னஞ்சல் முகவரி: ${email}.` },
  },
};

/** The knowledge base's passages go to the model under this title. */
export const KNOWLEDGE_TITLE = "Knowledge base";

/** Passages stay under about this many characters (a long paragraph is cut between sentences). */
export const PASSAGE_CHARS = 600;

type Piece = { heading?: string; text: string; labels?: string; fact?: FactKey; offer?: true; partner?: true };

/** `text` in pieces of whole paragraphs (or sentences), each at most `maxChars` where sentences allow. */
export function splitText(text: string, maxChars = PASSAGE_CHARS): string[] {
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph.replace(/\s+/g, " ").trim();
    if (!clean) continue;
    if (clean.length <= maxChars) {
      pieces.push(clean);
      continue;
    }
    let current = "";
    for (const sentence of clean.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [clean]) {
      if (current && current.length + sentence.length > maxChars) {
        pieces.push(current.trim());
        current = "";
      }
      current += sentence;
    }
    if (current.trim()) pieces.push(current.trim());
  }
  return pieces;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text of the simple HTML the legal pages store (tags dropped, entities read). */
function htmlText(html: string): string {
  return html
    .replace(/<\/(p|li|ul|ol|h\d)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

/** A legal page by its sections: each `<h2>` heading with the text under it. */
function legalPieces(legal: LegalContent): Piece[] {
  const pieces: Piece[] = [];
  const parts = legal.content.split(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/i);
  for (let i = 0; i < parts.length; i += 2) {
    const heading = i === 0 ? "" : htmlText(parts[i - 1]!).trim();
    const body = htmlText(parts[i]!).replace(/\n+/g, " ");
    for (const text of splitText(body)) pieces.push({ heading, text: heading ? `${heading}: ${text}` : text });
  }
  return pieces;
}

/**
 * The passages of each stored document, by key: one entry per document in
 * the registry (content/sections.ts), so a new section cannot be forgotten.
 * Every text says what it is about, so a passage quoted alone still reads right.
 */
const documentPieces: {
  readonly [K in DocumentKey]: (
    data: DocumentOf<K>,
    words: PassageWords,
    locale: Locale,
    names: { readonly [F in FactKey]: string },
  ) => Piece[];
} = {
  home: (home) => [
    { text: lines(home.hero.title && `${home.hero.title}.`, home.hero.subtitle) },
    ...home.features.map((feature) => ({ heading: feature.title, text: `${feature.title}: ${feature.description}` })),
  ],
  services: (services, words, locale, names) => [
    { text: lines(services.title && `${services.title}:`, services.subtitle) },
    ...services.services.map((service) => ({
      offer: true as const,
      heading: service.title,
      text: lines(
        `${service.title}: ${service.description.trim()}`,
        service.features.length > 0 && words.includes(service.features.join(", ")),
      ),
    })),
    // Every service by name, for "What services do you offer?".
    {
      heading: services.title,
      labels: names.services,
      text:
        services.services.length > 0
          ? `${services.title || messagesFor(locale).links.services}: ${services.services.map((s) => s.title).join(", ")}.`
          : "",
    },
  ],
  blog: (blog) => [{ text: lines(blog.title && `${blog.title}:`, blog.subtitle) }],
  partners: (partners) => [
    { text: lines(partners.title && `${partners.title}:`, partners.subtitle) },
    ...partners.partners.map((partner) => ({
      heading: partner.name,
      text: `${partner.name}: ${partner.description}`,
      partner: true as const,
    })),
    // The list names other businesses too: it says no more of what we do, charge or take than a description.
    {
      ...listPiece(
        partners.title,
        partners.partners.map((partner) => partner.name),
      ),
      partner: true as const,
    },
  ],
  about: (about, words) => [
    { text: about.subtitle },
    ...splitText(about.story).map((text) => ({ heading: words.story, text })),
    { heading: words.mission, text: about.mission && `${words.mission}: ${about.mission}` },
    // The page's section names are in the headings: "values" finds every value.
    ...about.values.map((value) => ({
      heading: `${words.values}: ${value.title}`,
      text: `${value.title}: ${value.description}`,
    })),
    ...about.team.map((member) => ({
      heading: `${words.team}: ${member.name}`,
      text: lines(`${member.name}, ${member.role}.`, member.description),
    })),
    // Every value and member by name, for "What are your values?" and "Who is on your team?".
    listPiece(
      words.values,
      about.values.map((value) => value.title),
    ),
    listPiece(
      words.team,
      about.team.map((member) => `${member.name} (${member.role})`),
    ),
  ],
  contact: (contact, words, locale, names) => {
    const { address, email, phone, website } = contact.info;
    return [
      // The subtitle says how soon the team replies.
      { text: lines(contact.title && `${contact.title}:`, contact.subtitle), labels: names.reply },
      {
        heading: words.address.heading,
        text: address && words.address.text(address),
        labels: names.address,
        fact: "address",
      },
      {
        heading: words.reach.heading,
        text: words.reach.text(email, phone, messagesFor(locale).links.contact),
        labels: names.reach,
        fact: "reach",
      },
      {
        heading: words.website.heading,
        text: website && words.website.text(website),
        labels: names.website,
        fact: "website",
      },
      { heading: words.phone.heading, text: phone && words.phone.text(phone), labels: names.phone, fact: "phone" },
      { heading: words.email.heading, text: email && words.email.text(email), labels: names.email, fact: "email" },
    ];
  },
  "privacy-policy": legalPieces,
  "terms-conditions": legalPieces,
  "ai-settings": (settings, _words, _locale, names) => knowledgePieces(settings.knowledgeBase, names),
  // Searched before these passages, on their own (./answers.ts): the team's answers are no page's text.
  answers: () => [],
};

/** A list's items by name under its heading ("Our values: Clarity over noise, …"); nothing for an empty list. */
function listPiece(heading: string, names: readonly string[]): Piece {
  return { heading, text: names.length > 0 ? `${heading}: ${names.join(", ")}.` : "" };
}

/** The English names' terms of each fact the knowledge base says (KNOWLEDGE_FACTS). */
const knowledgeFactTerms = KNOWLEDGE_FACTS.map((fact) => ({
  fact,
  terms: new Set(words(FACT_NAMES.en[fact]).flatMap((word) => indexTerm(word) ?? [])),
}));

/** A knowledge-base paragraph names a fact when it holds at least this many of the fact's English names. */
const NAMES_FOR_A_FACT = 2;

/**
 * The knowledge base by paragraphs, each fact it says (opening hours,
 * pricing) named in the language on the paragraph that says it most: the
 * paragraph holding most of the fact's English names.
 */
function knowledgePieces(knowledgeBase: string, names: { readonly [F in FactKey]: string }): Piece[] {
  const pieces: Piece[] = splitText(knowledgeBase).map((text) => ({ text }));
  const terms = pieces.map(({ text }) => new Set(words(text).flatMap((word) => indexTerm(word) ?? [])));
  for (const { fact, terms: factTerms } of knowledgeFactTerms) {
    let best = -1;
    let most = NAMES_FOR_A_FACT - 1;
    terms.forEach((held, index) => {
      const count = [...factTerms].filter((term) => held.has(term)).length;
      if (count > most) [best, most] = [index, count];
    });
    if (best < 0) continue;
    pieces[best]!.labels = lines(pieces[best]!.labels, names[fact]);
    // The opening hours are found by a question asking the time of day (./fact-asked.ts), the
    // pricing by one asking an amount of something the site offers (./site-index.ts).
    if (fact === "hours" || fact === "pricing") pieces[best]!.fact = fact;
  }
  return pieces;
}

function toPassages(
  group: string,
  origin: Pick<Passage, "kind" | "title" | "url" | "weight">,
  pieces: readonly Piece[],
  locale: Locale,
): Passage[] {
  return pieces
    .map((piece) => ({
      heading: piece.heading?.trim() ?? "",
      text: piece.text.replace(/\s+/g, " ").trim(),
      labels: piece.labels ?? "",
      ...(piece.fact ? { fact: piece.fact } : {}),
      ...(piece.offer ? { offer: piece.offer } : {}),
      ...(piece.partner ? { partner: piece.partner } : {}),
    }))
    .filter((piece) => piece.text !== "")
    .map((piece, index) => ({
      id: `${group}#${index}`,
      group,
      ...origin,
      ...piece,
      weight: untranslated(piece.text, locale) ? origin.weight * UNTRANSLATED_WEIGHT : origin.weight,
    }));
}

/**
 * The passages of document `key` holding `data`, as its page in `locale`
 * shows it (`data` in that language): titled and linked as that page.
 */
export function documentPassages<K extends DocumentKey>(
  key: K,
  data: DocumentOf<K>,
  locale: Locale = DEFAULT_LOCALE,
): Passage[] {
  const { page } = documents[key];
  const weight = PAGE_WEIGHTS[key] ?? 1;
  // Named as the links to the page in that language are.
  const links: Partial<Record<DocumentKey, string>> = messagesFor(locale).links;
  const origin: Pick<Passage, "kind" | "title" | "url" | "weight"> = page
    ? { kind: "page", title: links[key] ?? page.linkLabel, url: localePath(locale, page.path), weight }
    : { kind: "knowledge", title: KNOWLEDGE_TITLE, url: null, weight };
  return toPassages(
    `doc:${key}`,
    origin,
    documentPieces[key](data, PASSAGE_WORDS[locale], locale, FACT_NAMES[locale]),
    locale,
  );
}

/** A post's sections: each heading with the paragraphs and lists under it. */
function postSections(blocks: readonly Block[]): Piece[] {
  const sections: { heading: string; blocks: Block[] }[] = [{ heading: "", blocks: [] }];
  for (const block of blocks) {
    if (block.type === "h2" || block.type === "h3")
      sections.push({ heading: inlineToPlainText(block.children), blocks: [] });
    else sections.at(-1)!.blocks.push(block);
  }
  return sections.flatMap(({ heading, blocks: body }) =>
    // Blocks come apart by blank lines, a list's items by single ones: an item ends with "; ".
    splitText(blocksToPlainText(body).replace(/(?<!\n)\n(?!\n)/g, "; ")).map((text) => ({ heading, text })),
  );
}

/**
 * The passages of a published post: its excerpt, then its body section by
 * section; `post` as published in `locale` (its slug and texts there).
 */
export function postPassages(
  post: Pick<PostRecord, "id" | "slug" | "data">,
  locale: Locale = DEFAULT_LOCALE,
): Passage[] {
  const { title, excerpt, content } = post.data;
  return toPassages(
    `post:${post.id}`,
    { kind: "post", title, url: postPath(post.slug, locale), weight: POST_WEIGHT },
    [{ heading: title, text: excerpt }, ...postSections(parseMarkup(content))],
    locale,
  );
}

/** What a visitor reads in each block of a team page (issue 42); the services and logos are other pages' passages. */
const landingPieces: { [T in BlockType]: (block: Extract<LandingBlock, { type: T }>) => Piece[] } = {
  hero: ({ heading, text }) => [{ heading, text: text || heading }],
  text: ({ content }) => postSections(parseMarkup(content)),
  features: ({ items }) => items.map(({ title, text }) => ({ heading: title, text: text || title })),
  services: () => [],
  quote: ({ text, name, role }) => [{ text: `${text} (${[name, role].filter(Boolean).join(", ")})` }],
  logos: () => [],
  stats: ({ items }) => [{ text: items.map(({ value, label }) => `${value} ${label}`).join("; ") }],
  image: ({ alt }) => (alt ? [{ text: alt }] : []),
  faq: ({ items }) => items.map(({ question, answer }) => ({ heading: question, text: answer })),
  cta: ({ heading, text }) => [{ heading, text: text || heading }],
  contact: () => [],
};

/**
 * The passages of a public team page in `locale` (its texts there): its description, then its
 * blocks' texts, titled by the page's title and linked to its address there. The page's own
 * blocks only: a variant B is an experiment on how to say it, not more to say.
 */
export function landingPagePassages(page: { id: string; data: LandingPage }, locale: Locale = DEFAULT_LOCALE) {
  const { title, description, path, blocks } = page.data;
  const pieces = blocks.flatMap((block) => (landingPieces[block.type] as (block: LandingBlock) => Piece[])(block));
  return toPassages(
    `page:${page.id}`,
    { kind: "page", title, url: localePath(locale, path), weight: 1 },
    [{ heading: title, text: description }, ...pieces],
    locale,
  );
}
