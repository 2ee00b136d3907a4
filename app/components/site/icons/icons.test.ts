import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

type Props = Record<string, unknown>;
const modules = import.meta.glob<Record<string, ComponentType<Props>>>(["./*.ts", "!./icon.ts", "!./*.test.ts"], {
  eager: true,
});

/** The markup, without Lucide's own class names (`lucide lucide-mail`), which the site's icons leave out. */
const render = (component: ComponentType<Props>, props: Props) =>
  renderToStaticMarkup(createElement(component, props)).replace(/ class="([^"]*)"/, (_, names: string) => {
    const kept = names.split(" ").filter((name) => !name.startsWith("lucide"));
    return kept.length ? ` class="${kept.join(" ")}"` : "";
  });

describe("the public site's icons", () => {
  const icons = Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports).map(([name, component]) => ({ file, name, component })),
  );

  it("draw exactly what lucide-react draws, hidden from screen readers unless named", () => {
    expect(icons.length).toBeGreaterThan(20);
    for (const { file, name, component } of icons) {
      // One icon per module, named as lucide-react names it, in a file of its kebab-case name.
      expect(file).toBe(`./${name.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase()}.ts`);
      const theirs = (lucide as unknown as Record<string, ComponentType<Props>>)[name]!;
      for (const props of [{}, { className: "size-4 text-sky-600" }, { className: "size-5", "aria-label": "Menu" }])
        expect(render(component, props), name).toBe(render(theirs, props));
      expect(render(component, {}), name).toContain('aria-hidden="true"');
    }
  });
});
