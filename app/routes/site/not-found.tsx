import { ErrorNotice } from "#app/components/site/error-notice.tsx";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.deps.logger.warn("page not found", { path: pathname });
  // Answer with the page and a real 404 status.
  throw new Response(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorNotice notFound />;
}
