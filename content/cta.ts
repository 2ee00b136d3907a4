/**
 * Where the home hero's button leads (docs/product.md §3), on its own so the
 * home page's script does not load the content rules (./rules.ts re-exports it).
 */
export type CtaTarget = { kind: "scroll"; id: string } | { kind: "open"; href: string } | { kind: "none" };

/**
 * What the hero button does with its target (docs/product.md §2, §5): "#id" scrolls to
 * that element, "http…" or "/…" opens in a new window, anything else
 * (including "javascript:", "mailto:", "#" alone, "") is ignored.
 */
export function ctaTarget(url: string | null | undefined): CtaTarget {
  const value = typeof url === "string" ? url.trim() : "";
  if (value.startsWith("#")) {
    const id = value.slice(1);
    return id === "" ? { kind: "none" } : { kind: "scroll", id };
  }
  if (/^https?:\/\//i.test(value) || value.startsWith("/")) return { kind: "open", href: value };
  return { kind: "none" };
}
