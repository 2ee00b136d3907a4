import { Fragment, type ReactNode } from "react";
import type { Block, Inline } from "#content/markup.ts";

/**
 * Renders the blog's simple markup as real elements, from the blocks the
 * server parsed it into (`parseMarkup`, content/markup.ts; the parser stays
 * out of the browser's code). Every piece of text goes through React as a
 * text node, so anything that looks like HTML in a post is shown as text,
 * never run.
 */
export function Markup({
  blocks,
  lang,
  className,
}: {
  blocks: readonly Block[];
  lang?: string | undefined;
  className?: string;
}) {
  return (
    <div lang={lang} className={className}>
      {blocks.map(renderBlock)}
    </div>
  );
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.type) {
    case "h2":
      return (
        <h2 key={index} className="mt-10 text-2xl font-semibold tracking-tight text-white first:mt-0">
          {renderInline(block.children)}
        </h2>
      );
    case "h3":
      return (
        <h3 key={index} className="mt-8 text-xl font-semibold text-white first:mt-0">
          {renderInline(block.children)}
        </h3>
      );
    case "p":
      return (
        <p key={index} className="mt-5 leading-relaxed text-slate-200 first:mt-0">
          {renderInline(block.children)}
        </p>
      );
    case "ul":
      return (
        <ul
          key={index}
          className="mt-5 list-disc space-y-2 pl-6 leading-relaxed text-slate-200 marker:text-brand-300 first:mt-0"
        >
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{renderInline(item)}</li>
          ))}
        </ul>
      );
  }
}

function renderInline(nodes: readonly Inline[]): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "strong":
        return (
          <strong key={index} className="font-semibold text-white">
            {renderInline(node.children)}
          </strong>
        );
      case "em":
        return <em key={index}>{renderInline(node.children)}</em>;
    }
  });
}
