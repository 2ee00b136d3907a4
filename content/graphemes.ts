/**
 * Cutting text short without breaking a letter (issue 25 item 9). A Sinhala or
 * Tamil letter is often several code points: a consonant, its vowel sign, a
 * virama and a zero-width joiner that ties it to the next consonant
 * (ශ්‍රී is ශ ් ZWJ ර ී). Cutting between any of them shows a broken letter.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** A virama (Sinhala al-lakuna, Tamil pulli) or a joiner: what binds a letter to the one after it. */
const BINDS_NEXT = /[\u0DCA\u0BCD\u200C\u200D]$/;

/**
 * `text` cut to at most `max` UTF-16 units at a grapheme cluster boundary
 * that does not end on a virama or joiner (a conjunct stays whole).
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const ends: number[] = [];
  for (const { index, segment } of segmenter.segment(text)) {
    const end = index + segment.length;
    if (end > max) break;
    ends.push(end);
  }
  let end = ends.pop() ?? 0;
  while (end > 0 && BINDS_NEXT.test(text.slice(0, end))) end = ends.pop() ?? 0;
  return text.slice(0, end);
}
