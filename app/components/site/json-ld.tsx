/**
 * Serialises structured data for a <script type="application/ld+json">. "<", ">"
 * and "&" become \u escapes (still valid JSON), so content containing
 * "</script>" or "<!--" can never end the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Structured data for search engines; `nonce` is the page's CSP nonce. */
export function JsonLd({ data, nonce }: { data: unknown; nonce: string | undefined }) {
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
  );
}
