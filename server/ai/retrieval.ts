import type { AboutContent, ContactContent, ServicesContent } from "#content/schemas.ts";
import { pageLabelAt } from "#content/sections.ts";

/**
 * The chat's answer when no model is configured: the passages of the
 * knowledge base and the site's own pages that best match the question,
 * scored with BM25 over simple word tokens, and said plainly as such.
 */

export interface Passage {
  text: string;
  /** Where a visitor can read more, e.g. "/services". */
  source: string;
}

export interface SiteContent {
  knowledgeBase: string;
  services: ServicesContent;
  about: AboutContent;
  contact: ContactContent;
  /** Every blog post's title and excerpt. */
  posts: readonly { title: string; excerpt: string }[];
}

const STOP_WORDS = new Set(
  "a an and are as at be but by can could do does for from have how i if in into is it its me my of on or our so that the their them then there these they this to us was we what when where which who why will with would you your yours about any some tell please hi hello hey thanks thank".split(
    " ",
  ),
);

/** Lower-case word stems without stop words ("Services" → "servic", "pricing" → "pric"). */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .match(/[a-z0-9]+/g) ?? []
  )
    .filter((word) => !STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word)))
    .map(stem);
}

function stem(word: string): string {
  if (word.length <= 3) return word;
  return word
    .replace(/(?:ies)$/, "y")
    .replace(/(?:ing|ed|es|s|e)$/, "")
    .replace(/(?:ation|ment|ness)$/, "");
}

/** Splits long text into passages of whole paragraphs (or sentences), each at most ~600 characters. */
export function splitPassages(text: string, source: string, maxChars = 600): Passage[] {
  const passages: Passage[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph.replace(/\s+/g, " ").trim();
    if (!clean) continue;
    if (clean.length <= maxChars) {
      passages.push({ text: clean, source });
      continue;
    }
    let current = "";
    for (const sentence of clean.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [clean]) {
      if (current && current.length + sentence.length > maxChars) {
        passages.push({ text: current.trim(), source });
        current = "";
      }
      current += sentence;
    }
    if (current.trim()) passages.push({ text: current.trim(), source });
  }
  return passages;
}

/** The passages a visitor might ask about: knowledge base, services, about, contact details and blog excerpts. */
export function sitePassages(site: SiteContent): Passage[] {
  const passages = splitPassages(site.knowledgeBase, "");
  for (const service of site.services.services) {
    if (!service.title.trim()) continue;
    const features = service.features.length ? ` It includes: ${service.features.join(", ")}.` : "";
    passages.push({ text: `${service.title}: ${service.description.trim()}${features}`, source: "/services" });
  }
  passages.push(
    ...splitPassages(
      [site.about.story, site.about.mission ? `Our mission: ${site.about.mission}` : ""].join("\n\n"),
      "/about",
    ),
  );
  for (const value of site.about.values) {
    if (value.title.trim()) passages.push({ text: `${value.title}: ${value.description}`, source: "/about" });
  }
  const info = site.contact.info;
  const contactLine = [
    info.address && `Our address is ${info.address}.`,
    info.email && `Email ${info.email}.`,
    info.phone && `Phone ${info.phone}.`,
    info.website && `Website ${info.website}.`,
  ]
    .filter(Boolean)
    .join(" ");
  if (contactLine) passages.push({ text: `Contact us: ${contactLine}`, source: "/contact" });
  for (const post of site.posts) {
    if (post.title.trim() && post.excerpt.trim())
      passages.push({ text: `${post.title}: ${post.excerpt.trim()}`, source: "/blog" });
  }
  return passages;
}

/** The best passages for a question, highest BM25 score first (only those with a real match). */
export function rankPassages(
  question: string,
  passages: readonly Passage[],
  limit = 3,
): { passage: Passage; score: number }[] {
  const query = [...new Set(tokenize(question))];
  if (query.length === 0 || passages.length === 0) return [];
  const docs = passages.map((passage) => tokenize(passage.text));
  const avgLength = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const doc of docs)
    for (const term of new Set(doc)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const k1 = 1.2;
  const b = 0.75;
  const scored = docs.map((doc, index) => {
    let score = 0;
    for (const term of query) {
      const tf = doc.filter((t) => t === term).length;
      if (tf === 0) continue;
      const df = documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      score += idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avgLength)));
    }
    return { passage: passages[index]!, score };
  });
  const ranked = scored.filter((entry) => entry.score > 0).sort((x, y) => y.score - x.score);
  const best = ranked[0]?.score ?? 0;
  // Keep passages close to the best one; a weak second match only adds noise.
  return ranked.filter((entry) => entry.score >= best * 0.5).slice(0, limit);
}

/** The retrieval answer, in plain words. */
export function retrievalAnswer(question: string, site: SiteContent): string {
  const email = site.contact.info.email;
  const contact = `please get in touch through our Contact Us page${email ? ` or email ${email}` : ""}, and we will reply within 24 hours`;
  if (tokenize(question).length === 0) {
    return `Hello! I can help with questions about our services, how we work, pricing and how to reach us. What would you like to know? If you'd rather talk to a person, ${contact}.`;
  }
  const ranked = rankPassages(question, sitePassages(site));
  if (ranked.length === 0) {
    return `I'm sorry, I couldn't find an answer to that on our site. For anything specific, ${contact}.`;
  }
  const quoted = ranked.map(({ passage }) => {
    const where = pageLabelAt(passage.source);
    return `${passage.text}${where ? ` (more on our ${where} page)` : ""}`;
  });
  return `Here is what I found on our site:\n\n${quoted.join("\n\n")}\n\nIf this doesn't answer your question, ${contact}.`;
}
