import type { Route } from "./+types/robots";

/** Everything may be crawled but the admin panel; the sitemap lists every page and post. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(context.deps.env.PUBLIC_URL ?? request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
