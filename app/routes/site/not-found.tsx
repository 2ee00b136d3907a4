import { ErrorNotice } from "#app/components/site/error-notice.tsx";
import type { PageViewHandle } from "#app/hooks/use-page-view-beacon.ts";
import { ENGLISH_ERRORS, messagesOf } from "#app/lib/i18n.ts";
import type { Route } from "./+types/not-found";

export const handle: PageViewHandle = { pageView: false };

/**
 * Answers with the page and a real 404 status. The server's line for the request logs the missing
 * path (server/assembly/request-log.ts, every 404's), and the page logs it in the browser's console
 * (#app/components/site/error-notice.tsx).
 */
export function loader() {
  throw new Response(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: (messagesOf(matches)?.errors ?? ENGLISH_ERRORS).notFoundMeta },
];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorNotice notFound />;
}
