import { describe, expect, it } from "vitest";
import { devRounds, loadDev, loadDevRound, loadQuestions, missingFacts, shapeProblems } from "./eval.mjs";

describe("the chat's question sets (npm run eval:chat)", () => {
  it("has at least 40 distinct questions in English, each with facts a right answer contains that the question does not", () => {
    const questions = loadQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(shapeProblems(questions)).toEqual([]);
  });

  it.each(["si", "ta"] as const)(
    "has at least 20 questions in %s, written in its script, with facts in it",
    (locale) => {
      const questions = loadQuestions(locale);
      expect(questions.length).toBeGreaterThanOrEqual(20);
      expect(shapeProblems(questions)).toEqual([]);
      const script = locale === "si" ? /[\u0D80-\u0DFF]/u : /[\u0B80-\u0BFF]/u;
      for (const { q } of questions) expect(q, q).toMatch(script);
      // Each tuning set keeps questions the site cannot answer, so false answers are measured.
      expect(questions.filter((entry) => entry.unanswerable).length).toBeGreaterThanOrEqual(2);
    },
  );

  it.each(["en", "si", "ta"] as const)(
    "has a dev set in %s, usable, with questions the site cannot answer",
    (locale) => {
      const questions = loadDev(locale);
      expect(shapeProblems(questions)).toEqual([]);
      expect(questions.filter((entry) => entry.unanswerable).length).toBeGreaterThanOrEqual(5);
    },
  );

  /** Each later dev round (./dev/README.md): how many questions it has per language and how many the site cannot answer. */
  const ROUNDS: {
    round: number;
    locales: ("en" | "si" | "ta")[];
    size: number;
    unanswerable: (n: number) => boolean;
  }[] = [
    { round: 2, locales: ["si", "ta"], size: 20, unanswerable: (n) => n >= 4 },
    { round: 3, locales: ["en", "si", "ta"], size: 10, unanswerable: (n) => n >= 3 },
    { round: 4, locales: ["en", "si", "ta"], size: 20, unanswerable: (n) => n === 12 },
    { round: 5, locales: ["en", "si", "ta"], size: 16, unanswerable: (n) => n === 5 },
    { round: 6, locales: ["en", "si", "ta"], size: 16, unanswerable: (n) => n === 5 },
    // The second, third and fourth held-out sets, spent in sessions 24 to 26 (./dev/README.md, "Round 7" on).
    { round: 7, locales: ["en", "si", "ta"], size: 30, unanswerable: (n) => n === 10 },
    { round: 8, locales: ["en", "si", "ta"], size: 30, unanswerable: (n) => n === 10 },
    { round: 9, locales: ["en", "si", "ta"], size: 30, unanswerable: (n) => n === 10 },
    { round: 10, locales: ["en", "si", "ta"], size: 30, unanswerable: (n) => n === 10 },
    { round: 11, locales: ["en", "si", "ta"], size: 30, unanswerable: (n) => n === 10 },
    { round: 12, locales: ["en", "si"], size: 30, unanswerable: (n) => n === 10 },
    // The seventh held-out set's Tamil "உங்கட slogan என்ன?" was dev round 10's too, word for word: left out.
    { round: 12, locales: ["ta"], size: 29, unanswerable: (n) => n === 10 },
  ];

  it.each(["en", "si", "ta"] as const)("finds the dev rounds of %s by their files, and no other", (locale) => {
    expect(devRounds(locale)).toEqual(
      ROUNDS.filter((entry) => entry.locales.includes(locale)).map((entry) => entry.round),
    );
    expect(loadDevRound(locale, 99)).toEqual([]);
  });

  it.each(
    ROUNDS.flatMap(({ round, locales, size, unanswerable }) =>
      locales.map((locale) => ({ round, locale, size, unanswerable })),
    ),
  )(
    "has dev round $round in $locale: $size new questions, usable, some the site cannot answer",
    ({ round, locale, size, unanswerable }) => {
      const questions = loadDevRound(locale, round);
      expect(questions.length).toBe(size);
      expect(shapeProblems(questions)).toEqual([]);
      if (locale !== "en") {
        const script = locale === "si" ? /[\u0D80-\u0DFF]/u : /[\u0B80-\u0BFF]/u;
        // In the language's script, but for two typed in Latin letters at most ("demala walinuth post
        // hadala denawada?": Singlish, as some visitors type Sinhala on a phone).
        expect(questions.filter(({ q }) => !script.test(q)).length).toBeLessThanOrEqual(2);
      }
      expect(unanswerable(questions.filter((entry) => entry.unanswerable).length)).toBe(true);
      // A round is new questions, not the tuning set's or an earlier round's again.
      const earlier = new Set(
        [
          ...loadQuestions(locale),
          ...loadDev(locale),
          ...devRounds(locale)
            .filter((other) => other < round)
            .flatMap((other) => loadDevRound(locale, other)),
        ].map((entry) => entry.q),
      );
      for (const { q } of questions) expect(earlier.has(q), q).toBe(false);
    },
  );

  it("takes a question the site cannot answer without facts, and refuses one with facts", () => {
    expect(shapeProblems([{ q: "Do you sell cars?", unanswerable: true }])).toEqual([]);
    expect(shapeProblems([{ q: "Do you sell cars?", unanswerable: true, facts: ["no"] }])).toEqual([
      "question 1: an unanswerable question has no facts",
    ]);
  });

  it("finds what is wrong with a malformed set", () => {
    expect(shapeProblems({})).toEqual(["the question set is not a list"]);
    expect(
      shapeProblems([
        { q: "", facts: ["x"] },
        { q: "Where?", facts: [] },
        { q: "Where?", facts: [["Colombo", 3]] },
        { q: "Where is Colombo?", facts: ["colombo"] },
      ]),
    ).toEqual([
      "question 1: no question text",
      "question 2: no facts",
      "question 3: asked twice (Where?)",
      "question 3: a fact must be text, or a list of texts any of which will do",
      'question 4: the fact "colombo" is in the question itself',
    ]);
  });

  it("judges an answer right when it holds every fact (one of each list), in any case and spacing", () => {
    const facts = ["Colombo  03", ["+94 11 234 5678", "hello@example.lk"]];
    expect(missingFacts("We are in colombo 03 — email HELLO@example.lk.", facts)).toEqual([]);
    expect(missingFacts("We are in Colombo 03.", facts)).toEqual([facts[1]]);
    expect(missingFacts("It’s “three-month”", ['it\'s "three-month"'])).toEqual([]);
  });

  it("matches Sinhala and Tamil with or without the zero-width joiner, as either is typed", () => {
    expect(missingFacts("ශ්\u200Dරී ලංකාවේ", ["ශ්රී ලංකාවේ"])).toEqual([]);
    expect(missingFacts("ශ්රී ලංකාවේ", ["ශ්\u200Dරී ලංකාවේ"])).toEqual([]);
    expect(missingFacts("கொழும்பு 03", ["கொழும்பு  03"])).toEqual([]);
    expect(missingFacts("கொழும்பு 03", ["காலி வீதி"])).toEqual(["காலி வீதி"]);
  });
});
