import { lazy, Suspense } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  type HeadersFunction,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "react-router";
import sinhala400 from "@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff2?url";
import sinhala700 from "@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff2?url";
import tamil400 from "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url";
import tamil700 from "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url";
import { DEFAULT_LOCALE, LOCALES, localeOfPath, localePath, type Locale } from "#content/locales.ts";
import { FEED_PATH, FEED_TITLE } from "#content/posts.ts";
import { loaderOrigin } from "#app/lib/content.server.ts";
import { messagesFor } from "#app/lib/i18n.server.ts";
import type { Route } from "./+types/root";
import { ChatLauncher } from "./components/chat/chat-launcher.tsx";
import { ErrorNotice } from "./components/site/error-notice.tsx";
import stylesheet from "./app.css?url";

// Only a signed-in admin's preview shows it: visitors' pages never load its code.
const PreviewBar = lazy(() =>
  import("./components/site/preview-bar.tsx").then(({ PreviewBar }) => ({ default: PreviewBar })),
);

// The stylesheet is a React 19 stylesheet resource (`precedence`), so the server
// sends it first in <head>, ahead of the script preloads: the page can paint as
// soon as it arrives, instead of queueing it behind the JavaScript.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The faces of the script a page in Sinhala or Tamil is written in (every
 * page uses both: Regular for text, Bold for headings and labels, app/app.css), preloaded by the answer's
 * `Link` header (the loader's, passed on by `headers`), so its text is drawn
 * in them from the first paint. They are font-display: optional there: one
 * that is late keeps the fallback for that page rather than swapping in and
 * moving lines (docs/decisions/028-phone-typography.md). Server-only code:
 * the browser's JavaScript carries none of it.
 */
const SCRIPT_FONTS: Partial<Record<Locale, string[]>> = {
  si: [sinhala400, sinhala700],
  ta: [tamil400, tamil700],
};

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function loader({ context, request }: Route.LoaderArgs) {
  const fonts = SCRIPT_FONTS[context.locale];
  const link = fonts && {
    Link: fonts.map((font) => `<${font}>; rel=preload; as=font; type="font/woff2"; crossorigin`).join(", "),
  };
  return data(
    {
      // The page's language (its path's prefix, content/locales.ts).
      locale: context.locale,
      // Its interface strings, and only its (#app/lib/i18n.ts reads them).
      messages: messagesFor(context.locale),
      nonce: context.nonce,
      origin: loaderOrigin(context, request),
      // A signed-in admin's preview of unsaved edits (server/previews/): marked on the page and kept from crawlers.
      preview: context.preview ? { found: context.preview.found } : null,
    },
    link && { headers: link },
  );
}

/**
 * Its data changes with the language: a link to another language's page runs it again. A live
 * refresh (the same address again, no form sent: #app/hooks/use-live-content.ts) brings new content
 * only, so the page's strings are not sent again; a preview's does run it (its `found` may change).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname)) return true;
  const liveRefresh = currentUrl.href === nextUrl.href && !formMethod && !nextUrl.searchParams.has("preview");
  return !liveRefresh && defaultShouldRevalidate;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  const locale = data?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={LOCALES[locale].htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1d3a" />
        {data?.preview ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        <Links nonce={nonce} />
        {/* Feed readers find the blog's RSS feed, in the page's language, from any page. */}
        <link rel="alternate" type="application/rss+xml" title={FEED_TITLE} href={localePath(locale, FEED_PATH)} />
      </head>
      <body>
        {children}
        {/* Without the root's data (its loader failed) the page has no strings for the chat. */}
        {data ? <ChatLauncher /> : null}
        {data?.preview ? (
          <Suspense>
            <PreviewBar found={data.preview.found} />
          </Suspense>
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Outside the site's layout (an error above it): the notice on its own.
  return (
    <main className="pt-16">
      <ErrorNotice notFound={isRouteErrorResponse(error) && error.status === 404} />
    </main>
  );
}
