// The documentation's links hold: docs/README.md lists every decision and guide, and no link in the
// README or under docs/ points at a file (or a heading) that is not there, as sections move between pages.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");
const docs = path.join(root, "docs");

/** Every markdown file under `dir`, as absolute paths. */
const markdownUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.join(entry.parentPath, entry.name));

/** The file's lines outside fenced code blocks (a `# comment` in a shell block is no heading). */
function proseLines(file: string): string[] {
  let fenced = false;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => {
      if (line.startsWith("```")) fenced = !fenced;
      return !fenced;
    });
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(file)) {
    const heading = /^#{1,6} (.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  /** The link as written. */
  text: string;
  /** The file it points at, absolute. */
  file: string;
  anchor: string | undefined;
}

/** The file's links to other files of the repository (addresses on the web left out). */
function linksOf(file: string): Link[] {
  return proseLines(file).flatMap((line) =>
    [...line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .map((target) => {
        const [relative = "", anchor] = target.split("#");
        return { text: target, file: relative === "" ? file : path.resolve(path.dirname(file), relative), anchor };
      }),
  );
}

describe("the documentation's index and links", () => {
  const index = path.join(docs, "README.md");
  const linked = new Set(linksOf(index).map((link) => link.file));

  it.each(["decisions", "guides"])("docs/README.md links every file of docs/%s/", (folder) => {
    const files = markdownUnder(path.join(docs, folder));
    expect(files.length).toBeGreaterThan(0);
    const missing = files.filter((file) => !linked.has(file)).map((file) => path.relative(root, file));
    expect(missing).toEqual([]);
  });

  it.each([path.join(root, "README.md"), ...markdownUnder(docs)].map((file) => [path.relative(root, file), file]))(
    "every link of %s reaches a file, and a heading there",
    (_name, file) => {
      const broken = linksOf(file)
        .filter(
          (link) =>
            !existsSync(link.file) ||
            (link.anchor !== undefined && link.file.endsWith(".md") && !anchorsOf(link.file).has(link.anchor)),
        )
        .map((link) => link.text);
      expect(broken).toEqual([]);
    },
  );
});
