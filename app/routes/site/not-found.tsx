import { ErrorNotice } from "#app/components/site/error-notice.tsx";
import type { PageViewHandle } from "#app/hooks/use-page-view-beacon.ts";
import { ENGLISH_ERRORS, messagesOf } from "#app/lib/i18n.ts";
import type { Route } from "./+types/not-found";

export const handle: PageViewHandle = { pageView: false };

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // The request's own line says 404; the path a visitor typed is theirs, so only at debug level.
  context.deps.logger.debug("page not found", { requestId: context.requestId, path: pathname });
  // Answer with the page and a real 404 status.
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
