import { data, isRouteErrorResponse } from "react-router";
import { LandingPageView } from "#app/components/site/blocks/landing-page-view.tsx";
import { loadLaterBlocks } from "#app/components/site/blocks/registry.ts";
import { ErrorNotice } from "#app/components/site/error-notice.tsx";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { ENGLISH_ERRORS, messagesOf } from "#app/lib/i18n.ts";
import { useLivePage } from "#app/lib/live-page.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import { SHOWS_HEADER } from "#content/kept-pages.ts";
import { isLandingPath, VARIANT_HEADER } from "#content/landing-pages.ts";
import { documentsOfBlocks, LANDING_PAGE_CONTENT } from "#content/landing-content.ts";
import { addressOf, loadLandingPage } from "./landing.server.ts";
import type { Route } from "./+types/landing";

export const handle: LiveHandle = LANDING_PAGE_CONTENT;

/**
 * A team page (issue 42) at its address, in the page's language, drawn from its blocks. No page
 * published there: the site's "not found" page, 404. A page with a variant B names the variant it
 * shows in `x-page-variant` (Insights count the view under it); every page names the documents its
 * blocks drew in `x-page-shows` (the page cache keeps it for a save of one of them).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const address = addressOf(params);
  const page = isLandingPath(address) ? await loadLandingPage(context, request, address) : undefined;
  if (!page) {
    context.deps.logger.debug("page not found", { requestId: context.requestId, path: new URL(request.url).pathname });
    throw data(null, { status: 404 });
  }
  const shows = documentsOfBlocks(page.blocks.map((block) => block.type));
  return data(page, {
    headers: { [SHOWS_HEADER]: shows.join(","), ...(page.variant && { [VARIANT_HEADER]: page.variant }) },
  });
}

/**
 * A client-side navigation to a team page (and a live refresh of one) draws it once the code of its
 * later blocks (decision 007) is there too: fetched beside the page's data, not after it, so no
 * block is empty for a moment; with a contact block, the form's code as well. A first load does not
 * come here: the server's HTML holds those blocks until their code arrives.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_, next) => {
    const code = loadLaterBlocks();
    const results = await next();
    // This route's data (its id in each language ends so: `si:routes/site/landing`).
    const contact = Object.entries(results).some(
      ([id, { result }]) =>
        id.endsWith("routes/site/landing") &&
        (result as Partial<Route.ComponentProps["loaderData"]> | undefined)?.blocks?.some(
          (block) => block.type === "contact",
        ),
    );
    // Code that does not arrive leaves the blocks to load it themselves, as on a first load.
    await code.then((module) => (contact ? module.loadContactForm() : undefined)).catch(() => undefined);
    return results;
  },
];

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of [VARIANT_HEADER, SHOWS_HEADER]) {
    const value = loaderHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
};

export const meta: Route.MetaFunction = ({ error, loaderData, matches }) => {
  // No page there: the site's not-found page, in the address's language (as ./not-found.tsx).
  if (!loaderData) {
    const errors = messagesOf(matches)?.errors ?? ENGLISH_ERRORS;
    return [{ title: isRouteErrorResponse(error) && error.status === 404 ? errors.notFoundMeta : errors.errorTitle }];
  }
  const { landing, alternates } = loaderData;
  return [
    ...seoMeta(
      {
        title: landing.title,
        description: landing.description,
        path: landing.path,
        alternates,
        ...(landing.image && { image: landing.image }),
      },
      siteOf(matches),
    ),
    ...(landing.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { landing, blocks, english, sources, images, variant } = loaderData;
  useLivePage(landing.id);
  return (
    <LandingPageView
      key={landing.id}
      title={landing.title}
      blocks={blocks}
      english={english}
      sources={sources}
      images={images}
      variant={variant}
    />
  );
}

/** No page there: the site's not-found page, drawn here so that its title (meta above) is this route's. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorNotice notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
