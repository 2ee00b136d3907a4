import { describe, expect, it } from "vitest";
import { answerQuestion, likelySources, siteAnswer, sourcesOf, withoutCitations } from "./answer.ts";
import type { Passage } from "./passages.ts";
import { ANSWER_IN, HANDOFF_RULE } from "./prompt.ts";
import { CHAT_REPLIES } from "./replies.ts";
import type { AiProvider } from "#server/ai/provider.ts";
import type { SiteIndex } from "./site-index.ts";

const passage = (id: string, url: string | null, text: string, kind: Passage["kind"] = "page"): Passage => ({
  id,
  group: id,
  kind,
  title: url ? `Title of ${url}` : "Knowledge base",
  url,
  heading: "",
  text,
  labels: "",
  weight: 1,
});

const contact = passage("c", "/contact", "Our office address is Level 8, 120 Galle Road, Colombo 03, Sri Lanka.");
const knowledge = passage("k", null, "We are open Monday to Friday.", "knowledge");
const post = passage("p", "/blog/scale", "Repeat customers are the clearest sign.", "post");

async function* pieces(...texts: string[]) {
  yield* texts;
}
async function read(iterable: AsyncIterable<string>) {
  let text = "";
  for await (const piece of iterable) text += piece;
  return text;
}

const indexFinding = (found: Passage[]) =>
  ({ search: async () => found.map((p, i) => ({ passage: p, score: 10 - i })) }) as unknown as SiteIndex;

function modelSaying(...texts: string[]): AiProvider & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    kind: "gemini",
    prompts,
    generate: async () => "",
    stream(prompt) {
      prompts.push(prompt);
      return pieces(...texts);
    },
  };
}

describe("the model's citations", () => {
  it("are taken out of the answer and collected, also when split between pieces", async () => {
    const cited = new Set<number>();
    const text = await read(
      withoutCitations(
        pieces("We are in Colombo [1", "]. We open Monday to Friday ", "[2][", "3] and", " [1, 4]."),
        cited,
      ),
    );
    expect(text).toBe("We are in Colombo. We open Monday to Friday and.");
    expect([...cited].sort()).toEqual([1, 2, 3, 4]);
  });

  it("leave other brackets alone", async () => {
    const cited = new Set<number>();
    expect(await read(withoutCitations(pieces("Plans [for 2026] and [12 ", "apples] [3"), cited))).toBe(
      "Plans [for 2026] and [12 apples] [3",
    );
    expect(cited.size).toBe(0);
  });
});

describe("answering", () => {
  it("gives a model the passages numbered, then lists the pages it cited (the knowledge base has none)", async () => {
    const model = modelSaying("Our office is in Colombo 03 [1]. We open weekdays [2].");
    const answer = await answerQuestion({
      question: "Where are you located?",
      history: [],
      provider: model,
      index: indexFinding([contact, knowledge, post]),
      contactEmail: "hello@example.lk",
    });
    expect(answer.answered).toBe(true);
    expect(await read(answer.pieces)).toBe("Our office is in Colombo 03. We open weekdays.");
    expect(answer.sources()).toEqual([{ title: "Title of /contact", url: "/contact" }]);
    expect(model.prompts[0]).toContain(`[1] Title of /contact (/contact)\n${contact.text}`);
    expect(model.prompts[0]).toContain(`[2] Knowledge base\n${knowledge.text}`);
    expect(model.prompts[0]).toContain(`[3] Title of /blog/scale (/blog/scale)\n${post.text}`);
  });

  it("lists the pages whose words an answer that cites nothing used, and keeps a cited answer's sources", async () => {
    const ask = (model: AiProvider, found = [knowledge, post, contact]) =>
      answerQuestion({
        question: "Where are you located?",
        history: [],
        provider: model,
        index: indexFinding(found),
        contactEmail: "",
      });
    const uncited = await ask(modelSaying("Our office is on Galle Road, ", "Colombo 03."));
    expect(await read(uncited.pieces)).toBe("Our office is on Galle Road, Colombo 03.");
    expect(uncited.sources()).toEqual([{ title: "Title of /contact", url: "/contact" }]);
    // Citing only the knowledge base is citing: no page is guessed.
    const cited = await ask(modelSaying("We open weekdays [1]."));
    await read(cited.pieces);
    expect(cited.sources()).toEqual([]);
    // The site had nothing: nothing to list, whatever the model says.
    const nothing = await ask(modelSaying("Our office is in Colombo."), []);
    await read(nothing.pieces);
    expect(nothing.sources()).toEqual([]);
  });

  it("without a model quotes the passages plainly as what the site says, and lists their pages once each", async () => {
    const answer = await answerQuestion({
      question: "Where are you located?",
      history: [],
      provider: { kind: "none" } as AiProvider,
      index: indexFinding([contact, knowledge, post, contact]),
      contactEmail: "hello@example.lk",
    });
    const text = await read(answer.pieces);
    expect(text).toBe(
      [
        "Here is what I found on our site:",
        contact.text,
        knowledge.text,
        `From our post “Title of /blog/scale”: ${post.text}`,
        contact.text,
        "If this doesn't answer your question, please get in touch through our Contact Us page or email hello@example.lk, and we will reply within 24 hours.",
      ].join("\n\n"),
    );
    expect(answer.sources()).toEqual([
      { title: "Title of /contact", url: "/contact" },
      { title: "Title of /blog/scale", url: "/blog/scale" },
    ]);
  });

  it("says so when nothing is found (unanswered), and greets a greeting (answered)", async () => {
    const ask = (question: string) =>
      answerQuestion({
        question,
        history: [],
        provider: { kind: "none" } as AiProvider,
        index: indexFinding([]),
        contactEmail: "",
      });
    const lost = await ask("Quantum chromodynamics");
    expect(lost.answered).toBe(false);
    expect(await read(lost.pieces)).toBe(
      "I'm sorry, I couldn't find an answer to that on our site. For anything specific, please get in touch through our Contact Us page, and we will reply within 24 hours.",
    );
    expect(lost.sources()).toEqual([]);
    const hello = await ask("Hello!");
    expect(hello.answered).toBe(true);
    expect(await read(hello.pieces)).toMatch(/^Hello! I can help with questions about our services/);
  });

  it("a request for the team is answered: with the site's passages if any, else a yes (no model), or a prompt that welcomes it", async () => {
    const ask = (found: Passage[], provider: AiProvider = { kind: "none" } as AiProvider) =>
      answerQuestion({
        question: "Please call me back",
        history: [],
        provider,
        index: indexFinding(found),
        contactEmail: "",
        handoff: true,
      });
    const nothing = await ask([]);
    expect(nothing.answered).toBe(true);
    expect(await read(nothing.pieces)).toBe(CHAT_REPLIES.en.handoff);
    const withContact = await ask([contact]);
    expect(await read(withContact.pieces)).toContain("Colombo 03");
    const model = modelSaying("Of course.");
    await read((await ask([contact], model)).pieces);
    expect(model.prompts[0]).toContain(HANDOFF_RULE);
  });

  it("tells a model with no passages about the company and to say it does not know", async () => {
    const model = modelSaying("I'm not sure; please contact us.");
    const answer = await answerQuestion({
      question: "Quantum chromodynamics",
      history: [],
      provider: model,
      index: indexFinding([]),
      contactEmail: "",
    });
    expect(answer.answered).toBe(false);
    await read(answer.pieces);
    expect(model.prompts[0]).toMatch(/no passage about the visitor's question\. About us: Lanka Growth Partners is/);
    expect(model.prompts[0]).not.toMatch(/cite/);
    expect(answer.sources()).toEqual([]);
  });

  it("guesses the pages sharing at least half as many of the answer's words as the best, in rank order, at most 3", () => {
    const page = (url: string, text: string, heading = "") => ({ ...passage(url, url, text), heading });
    const offices = page("/offices", "Offices in Kandy and Galle.");
    const address = page("/contact", "Our office address is 120 Galle Road, Colombo 03.", "Our address");
    const hours = page("/hours", "Open weekdays in Colombo.");
    const blog = page("/blog/colombo", "Colombo traffic is heavy.");
    const about = page("/about", "Founded in 2015 by two friends.");
    const answer = "Our office address is 120 Galle Road, Colombo, open weekdays.";
    // Shared terms: offices 2 (offic, gall), address 6, hours 3 (open, weekdai, colombo), blog 1, about 0.
    expect(likelySources(answer, [knowledge, offices, about, address, blog, hours]).map((s) => s.url)).toEqual([
      "/contact",
      "/hours",
    ]);
    // Several passages of one page count as one; at most three pages.
    const many = ["/a", "/b", "/c", "/d"].map((url) => page(url, "Galle Road office."));
    expect(likelySources("Our Galle Road office.", [many[0]!, many[0]!, ...many]).map((s) => s.url)).toEqual([
      "/a",
      "/b",
      "/c",
    ]);
    // A passage's title and heading count with its text.
    const visit = { ...page("/visit", "Come by any time.", "Opening hours"), title: "Visit us" };
    expect(likelySources("Our opening hours.", [about, visit]).map((s) => s.url)).toEqual(["/visit"]);
    expect(likelySources("Do visit!", [about, visit]).map((s) => s.url)).toEqual(["/visit"]);
  });

  it("guesses the best-ranked page when the answer shares no word, and nothing without pages", () => {
    expect(likelySources("Happy to help!", [knowledge, post, contact])).toEqual([
      { title: "Title of /blog/scale", url: "/blog/scale" },
    ]);
    expect(likelySources("Happy to help!", [knowledge])).toEqual([]);
    expect(likelySources("Our office is in Colombo.", [])).toEqual([]);
  });

  it("sources skip the knowledge base and repeats", () => {
    expect(sourcesOf([knowledge, post, contact, post])).toEqual([
      { title: "Title of /blog/scale", url: "/blog/scale" },
      { title: "Title of /contact", url: "/contact" },
    ]);
    expect(siteAnswer([], true, "a@b.lk")).toContain("or email a@b.lk");
  });
});

describe("an answer in Sinhala or Tamil", () => {
  const sinhalaContact = {
    ...passage("c", "/si/contact", "අපගේ කාර්යාලයේ ලිපිනය: 8 වන මහල, අංක 120, ගාලු පාර."),
    title: "අප අමතන්න",
  };
  const sinhalaPost = { ...passage("p", "/si/blog/scale", "නැවත නැවත පැමිණෙන පාරිභෝගිකයන්.", "post"), title: "ලකුණු පහක්" };

  it("with no model, quotes the language's passages in its own words, and asks the index in that language", async () => {
    const asked: unknown[] = [];
    const index = {
      search: async (...args: unknown[]) => {
        asked.push(args[2]);
        return [sinhalaContact, sinhalaPost].map((p, i) => ({ passage: p, score: 10 - i }));
      },
    } as unknown as SiteIndex;
    const answer = await answerQuestion({
      question: "ඔෆිස් එක කොහෙද?",
      history: [],
      provider: { kind: "none" } as AiProvider,
      index,
      contactEmail: "hello@example.lk",
      locale: "si",
    });
    const text = await read(answer.pieces);
    expect(asked).toEqual([{ closeToBest: 0.5, locale: "si" }]);
    expect(text).toBe(
      CHAT_REPLIES.si.found([sinhalaContact.text, CHAT_REPLIES.si.fromPost("ලකුණු පහක්", sinhalaPost.text)], {
        email: "hello@example.lk",
        contactPage: "අප අමතන්න",
      }),
    );
    expect(answer.sources()).toEqual([
      { title: "අප අමතන්න", url: "/si/contact" },
      { title: "ලකුණු පහක්", url: "/si/blog/scale" },
    ]);
    expect(siteAnswer([], true, "", "ta")).toBe(CHAT_REPLIES.ta.notFound({ email: "", contactPage: "தொடர்புகொள்ள" }));
    expect(siteAnswer([], false, "", "si")).toMatch(/^ආයුබෝවන්!/);
  });

  it("says yes to a request for the team in the language, with no model and no passage", async () => {
    const answer = await answerQuestion({
      question: "மீட்டிங் வைக்கலாமா?",
      history: [],
      provider: { kind: "none" } as AiProvider,
      index: indexFinding([]),
      contactEmail: "",
      handoff: true,
      locale: "ta",
    });
    expect(await read(answer.pieces)).toBe(CHAT_REPLIES.ta.handoff);
  });

  it("tells a model to answer in the language, whatever language the passages are in; English prompts stay as they were", async () => {
    const model = modelSaying("ඔව්.");
    const ask = (locale: "en" | "si" | "ta") =>
      answerQuestion({
        question: "ඔෆිස් එක කොහෙද?",
        history: [],
        provider: model,
        index: indexFinding([sinhalaContact, knowledge]),
        contactEmail: "",
        locale,
      });
    for (const locale of ["si", "ta", "en"] as const) await read((await ask(locale)).pieces);
    const [sinhala, tamil, english] = model.prompts;
    expect(sinhala).toContain(ANSWER_IN.si);
    expect(sinhala).toContain("Answer in Sinhala even when the passages");
    expect(sinhala).toContain("[1] අප අමතන්න (/si/contact)\nඅපගේ කාර්යාලයේ ලිපිනය");
    expect(tamil).toContain(ANSWER_IN.ta);
    expect(tamil).toContain("Write your whole answer in Tamil (தமிழ்)");
    expect(english).not.toMatch(/Write your whole answer in/);
  });
});
