import { Link } from "react-router";
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
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-4xl font-bold">Oops! Page not found</h1>
      <Link to="/" className="mt-6 rounded-md bg-white/10 px-5 py-2.5 font-medium hover:bg-white/20">
        Return to Home
      </Link>
    </section>
  );
}
