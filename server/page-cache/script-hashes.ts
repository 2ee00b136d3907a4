import { createHash } from "node:crypto";

/** Inline scripts: `<script …>body</script>` without a `src`. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source (`'sha256-…'`) of every inline script in `html`, in order of first appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy with its per-response nonce replaced by the hashes of the page's
 * own inline scripts: a stored page is then valid for every response, and a
 * script injected into it still does not run (docs/decisions/005-page-cache.md).
 */
export function contentSecurityPolicyWithHashes(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html);
  return policy
    .split(";")
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== "script-src") return directive.trim();
      return [name, ...sources.filter((source) => !source.startsWith("'nonce-")), ...hashes].join(" ");
    })
    .join("; ");
}
