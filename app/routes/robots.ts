import { loaderOrigin } from "#app/lib/content.server.ts";
import type { Route } from "./+types/robots";

/** Everything may be crawled but the admin panel; the sitemap lists every page and post. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = loaderOrigin(context, request);
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
