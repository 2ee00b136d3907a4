import { readDocument } from "#app/lib/content.server.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { LegalDocument } from "#app/components/site/legal-document.tsx";
import { legalHtml, legalKeyOf, legalTitle } from "./legal.server.ts";
import type { Route } from "./+types/legal";

// Both legal routes use this module (route ids "privacy-policy" and "terms-conditions"); either save refreshes the page.
export const handle: LiveHandle = { documents: ["privacy-policy", "terms-conditions"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const key = legalKeyOf(request);
  const doc = await readDocument(context, key);
  return { key, title: legalTitle(key, doc.title), html: legalHtml(key, doc.content) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const description =
    loaderData.key === "privacy-policy"
      ? "How we collect, use and protect the personal information you share with us."
      : "The terms that apply to your use of our website.";
  return seoMeta({ title: loaderData.title, description, path: `/${loaderData.key}` }, siteOf(matches));
};

export default function Legal({ loaderData }: Route.ComponentProps) {
  return <LegalDocument title={loaderData.title} html={loaderData.html} />;
}
