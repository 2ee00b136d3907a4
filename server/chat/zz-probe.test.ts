import { it } from "vitest";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";
import { textQuery } from "#server/chat/word-index.ts";
const qs: [string, "en" | "si" | "ta"][] = JSON.parse(process.env.QS ?? "[]");
it("probe", async () => {
  const site = await openRecordedIndex();
  for (const [q, locale] of qs) {
    const found = await site.index.search(q, 4, { locale, closeToBest: 0 });
    const counts = await site.index.wordCounts(locale);
    console.log(
      "Q",
      q,
      JSON.stringify(
        textQuery(q).map((w) =>
          [...w.alternatives.keys()].slice(0, 3).map((t) => t + ":" + counts.documentFrequency(t)),
        ),
      ),
    );
    for (const f of found)
      console.log("   ", f.score.toFixed(2), f.passage.kind, f.passage.id, f.passage.text.slice(0, 80));
  }
  await site.close();
}, 60000);
