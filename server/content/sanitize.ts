import sanitizeHtml from "sanitize-html";

/** Tags and attributes an admin may use in legal pages: structure and links, nothing executable. */
const richOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "span",
    "div",
    "section",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "code",
    "pre",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    "*": ["id"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, richOptions);
}

/** Map providers whose embeds may be shown on the Contact page. */
export const MAP_EMBED_HOSTS = ["www.google.com", "maps.google.com", "www.openstreetmap.org", "www.bing.com"];

/**
 * Keeps only an iframe from an allow-listed map host, forced to 100% width and
 * 450 px height (docs/product.md §9); anything else becomes an empty string.
 */
export function sanitizeMapEmbed(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: ["iframe"],
    allowedAttributes: {
      iframe: ["src", "title", "loading", "referrerpolicy", "allowfullscreen", "width", "height", "style"],
    },
    allowedSchemes: ["https"],
    allowedIframeHostnames: MAP_EMBED_HOSTS,
    allowIframeRelativeUrls: false,
    transformTags: {
      iframe: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          width: "100%",
          height: "450",
          style: "border:0",
          loading: "lazy",
          referrerpolicy: "no-referrer-when-downgrade",
          title: attribs.title || "Map",
        },
      }),
    },
    allowedStyles: { iframe: { border: [/^0$/] } },
  });
  const match = /<iframe\b[^>]*\bsrc="https:\/\/[^"]+"[^>]*><\/iframe>/i.exec(clean);
  return match ? match[0] : "";
}
