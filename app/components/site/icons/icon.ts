import { createElement, type SVGProps } from "react";

/**
 * The public site's icons (one module each, so a page loads only the icons it shows): Lucide's (ISC licence, https://lucide.dev), drawn
 * by this one small function instead of the lucide-react runtime, which
 * weighs about 2.5 KiB gzip on every page (design.md: our own code on a page
 * stays under 15 KiB). The markup is Lucide's own, checked against
 * lucide-react by ./icons.test.tsx, so an upgrade that changes an icon fails
 * a test. The admin keeps lucide-react (its pages have no such budget).
 *
 * Each icon is hidden from assistive technology unless it is given a name
 * (an `aria-*` attribute, `role` or `title`), as Lucide does.
 */
export type SiteIcon = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[];

const SVG = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const isNamed = (props: object) =>
  Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");

export function icon(node: IconNode): SiteIcon {
  return function Icon({ className, ...props }) {
    return createElement(
      "svg",
      {
        ...SVG,
        className,
        ...(!isNamed(props) && { "aria-hidden": "true" }),
        ...props,
      },
      node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
    );
  };
}
