import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { format } from "#content/i18n/format.ts";
import { localePath } from "#content/locales.ts";
import { useErrorMessages, useLocale } from "#app/lib/i18n.ts";
import { useRequestId } from "#app/lib/request-id.ts";

/**
 * What a visitor sees when a page cannot be shown: for a missing page the
 * "Oops! Page not found" with "Return to Home" of docs/product.md §2 (Not found), else a
 * short apology, with the request's id when the server rendered it (what a
 * visitor can quote; the server's log has it). `children` adds links before "Return to Home". A
 * missing page's path is logged in the browser's console.
 */
export function ErrorNotice({
  notFound,
  detail,
  children,
}: {
  notFound: boolean;
  detail?: string;
  children?: ReactNode;
}) {
  const messages = useErrorMessages();
  const locale = useLocale();
  const message = detail ?? (notFound ? undefined : messages.retry);
  const request = useRequestId();
  const { pathname } = useLocation();
  // The missing path in the browser's console too (docs/product.md, Not found): a warning, not an
  // error (the browser already notes the 404 as one).
  useEffect(() => {
    if (notFound) console.warn(`Page not found: ${pathname}`);
  }, [notFound, pathname]);
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center text-white">
      <h1 className="text-4xl font-bold">{notFound ? messages.notFoundTitle : messages.errorTitle}</h1>
      {message ? <p className="mt-4 text-slate-300">{message}</p> : null}
      {!notFound && request.id ? (
        <p className="mt-2 text-sm text-slate-300" {...request.mark}>
          {format(messages.reference, { id: request.id })}
        </p>
      ) : null}
      {children}
      <Link
        to={localePath(locale, "/")}
        className={`${children ? "mt-3 font-medium text-brand-300 underline-offset-4 hover:underline" : "mt-6 rounded-md bg-white/10 px-5 py-2.5 font-medium hover:bg-white/20"} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300`}
      >
        {messages.home}
      </Link>
    </section>
  );
}
