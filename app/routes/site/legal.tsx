import { readPageDocument } from "#app/lib/content.server.ts";
import { messagesOf } from "#app/lib/i18n.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { FIXED_PAGE_CONTENT } from "#content/page-content.ts";
import { LegalDocument } from "#app/components/site/legal-document.tsx";
import { legalKeyOf, legalPage } from "./legal.server.ts";
import type { Route } from "./+types/legal";

// Both legal routes use this module (route ids "privacy-policy" and "terms-conditions"); either save refreshes the page.
export const handle: LiveHandle = {
  documents: [...FIXED_PAGE_CONTENT["/privacy-policy"].documents, ...FIXED_PAGE_CONTENT["/terms-conditions"].documents],
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const key = legalKeyOf(request);
  const { data, english } = await readPageDocument(context, key);
  return { key, ...legalPage(key, data, english, context.locale) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const legal = messagesOf(matches)?.legal;
  const description = (loaderData.key === "privacy-policy" ? legal?.privacyDescription : legal?.termsDescription) ?? "";
  return seoMeta({ title: loaderData.title, description, path: `/${loaderData.key}` }, siteOf(matches));
};

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { title, html, titleLang, contentLang } = loaderData;
  return <LegalDocument title={title} html={html} titleLang={titleLang} contentLang={contentLang} />;
}
