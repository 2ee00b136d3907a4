import { langOf } from "./text-lang.ts";

/**
 * Title and subtitle at the top of a content page (its document's `title` and
 * `subtitle`); `english`: the document's texts still shown in English.
 */
export function PageHeader({
  title,
  subtitle,
  english,
}: {
  title: string;
  subtitle: string;
  english: readonly string[];
}) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <h1 lang={langOf(english, "title")} className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        {title}
      </h1>
      {subtitle ? (
        <p lang={langOf(english, "subtitle")} className="mt-5 text-lg leading-8 text-pretty text-slate-300">
          {subtitle}
        </p>
      ) : null}
    </header>
  );
}
