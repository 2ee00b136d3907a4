import { useCallback, useEffect, useRef, useState } from "react";
import { LOCALES, type Locale, isTranslated } from "#content/locales.ts";
import { publishes } from "#content/roles.ts";
import { useEditorLanguage } from "../data/editor-language.ts";
import { useEventStream } from "../data/use-event-stream.ts";
import { listPosts } from "../data/admin-api.ts";
import { useRole } from "../role-context.ts";

/**
 * How many posts wait for review (issue 28), on the Blog tab's trigger for an Editor or
 * Administrator, in the admin's language (as the tab's list and its "In review" filter): the
 * total of GET /api/posts?review=1&locale=, read again as posts change (the live events every
 * save sends) and when the language is switched. In Sinhala it counts the Sinhala translations
 * in review, in English the English posts. A Writer sees their own posts' marks in the list instead.
 */
export function ReviewCountBadge() {
  return publishes(useRole()) ? <ReviewCount /> : null;
}

function ReviewCount() {
  const [locale] = useEditorLanguage();
  const [waiting, setWaiting] = useState<{ locale: Locale; count: number } | null>(null);
  /** The latest read: an earlier answer arriving after it (another language's) is not shown. */
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const read = ++latest.current;
    listPosts("", 1, undefined, !isTranslated(locale) ? undefined : locale, "review").then(
      (page) => {
        if (read === latest.current) setWaiting({ locale, count: page.total });
      },
      () => {
        // A badge that could not refresh keeps its last number; the list shows any real error.
      },
    );
  }, [locale]);
  useEffect(refresh, [refresh]);
  useEventStream({
    post: refresh,
    reconnect: refresh,
  });
  // Another language's number is not shown while this one's is read.
  const count = waiting?.locale === locale ? waiting.count : 0;
  if (!count) return null;
  const inLanguage = !isTranslated(locale) ? "" : ` in ${LOCALES[locale].label}`;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-semibold leading-5 text-slate-950">
      {count > 99 ? "99+" : count}
      <span className="sr-only">
        {" "}
        {count === 1 ? "post" : "posts"} in review{inLanguage}
      </span>
    </span>
  );
}
