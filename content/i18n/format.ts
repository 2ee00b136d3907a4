/**
 * A message with its `{name}` placeholders filled in (content/i18n/en.ts):
 * `format("{count} min read", { count: 3 })` → "3 min read". With a value
 * that is not text (a link for a React page), the message comes back as its
 * parts, the values in their places: `format("Call us at {phone}.", { phone:
 * <a …/> })` → ["Call us at ", <a …/>, "."]. A placeholder without a value
 * stays as written, so a mistake shows on the page instead of vanishing.
 */
const PLACEHOLDER = /\{(\w+)\}/;

export function format(message: string, values: Readonly<Record<string, string | number>>): string;
export function format<T>(message: string, values: Readonly<Record<string, string | number | T>>): (string | T)[];
export function format<T>(
  message: string,
  values: Readonly<Record<string, string | number | T>>,
): string | (string | T)[] {
  const parts = message.split(PLACEHOLDER).map((part, index) => {
    // split() with a capturing group puts each placeholder's name at the odd indexes.
    if (index % 2 === 0) return part;
    if (!Object.hasOwn(values, part)) return `{${part}}`;
    const value = values[part]!;
    return typeof value === "number" ? String(value) : value;
  });
  if (parts.every((part) => typeof part === "string")) return parts.join("");
  return parts.filter((part) => part !== "");
}
