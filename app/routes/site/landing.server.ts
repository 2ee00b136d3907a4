import type { AppLoadContext } from "react-router";
import type { ShownBlock, ShownServices } from "#app/components/site/blocks/types.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { pageLinkIn } from "#app/lib/i18n.server.ts";
import { loadPageImages } from "#app/lib/page-images.server.ts";
import { byPlacement } from "#app/lib/page-texts.server.ts";
import type { PageAlternates } from "#app/lib/seo.ts";
import type { VariantName } from "#content/landing-pages.ts";
import type { LandingBlock, LandingPage } from "#content/landing-page-schema.ts";
import { variantFor } from "#content/landing-variant.ts";
import { DEFAULT_LOCALE, localePath, locales, type Locale } from "#content/locales.ts";
import { parseMarkup } from "#content/markup.ts";
import { homepageLogos } from "#content/rules.ts";

/**
 * What a team page shows of `variant` (issue 42): that variant's blocks (B's own list, or the
 * page's), a text block's markup parsed on the server (the parser stays out of the browser, as for
 * posts), buttons to the site's pages in the page's language; and `english`, the texts shown in
 * English, with B's paths (`variants.0.blocks.1.heading`) moved to where the page draws them
 * (`blocks.1.heading`).
 */
export function shownBlocks(
  page: Pick<LandingPage, "blocks" | "variants">,
  english: readonly string[],
  variant: VariantName,
  locale: Locale,
): { blocks: ShownBlock[]; english: string[] } {
  const fromB = variant === "B" && page.variants.length > 0;
  const blocks = fromB ? page.variants[0]!.blocks : page.blocks;
  return {
    blocks: blocks.map((block) => shownBlock(block, locale)),
    english: english.flatMap((path) => {
      if (!path.startsWith("blocks.") && !path.startsWith("variants.")) return [path];
      if (!fromB) return path.startsWith("blocks.") ? [path] : [];
      return path.startsWith("variants.0.blocks.") ? [path.slice("variants.0.".length)] : [];
    }),
  };
}

function shownBlock(block: LandingBlock, locale: Locale): ShownBlock {
  switch (block.type) {
    case "text": {
      const { content, ...rest } = block;
      return { ...rest, body: parseMarkup(content) };
    }
    case "hero":
      return block.button
        ? { ...block, button: { ...block.button, href: pageLinkIn(block.button.href, locale) } }
        : block;
    case "cta":
      return { ...block, button: { ...block.button, href: pageLinkIn(block.button.href, locale) } };
    default:
      return block;
  }
}

/** What the blocks draw from elsewhere: only what they show is loaded. */
export function blockSourcesNeeded(blocks: readonly ShownBlock[]): { services: boolean; logos: boolean } {
  return {
    services: blocks.some((block) => block.type === "services"),
    logos: blocks.some((block) => block.type === "logos"),
  };
}

/** The image URLs the blocks hold (features' and image blocks'), for the page's responsive images. */
export function blockImages(blocks: readonly ShownBlock[]): string[] {
  return blocks.flatMap((block) =>
    block.type === "image"
      ? [block.image]
      : block.type === "features"
        ? block.items.flatMap((item) => (item.image ? [item.image] : []))
        : [],
  );
}

/** A team page's address from its route's segments (`:first/:second?/:third?`). */
export const addressOf = (params: { first: string; second?: string | undefined; third?: string | undefined }) =>
  `/${[params.first, params.second, params.third].filter((segment) => segment !== undefined).join("/")}`;

/**
 * A public team page at `address` in the page's language, as its route draws it, or undefined
 * when none is published there. The variant: the page cache's, when it renders one (it keeps one
 * answer per variant, server/page-cache/page-cache.ts), else the visitor's by their key of the day;
 * only the blocks of that variant go out, and only what they draw from elsewhere is read.
 */
export async function loadLandingPage(context: AppLoadContext, request: Request, address: string) {
  const { store, insights } = context.deps;
  const { locale } = context;
  const preview = previewedPage(context, address);
  if (preview) return landingPageOf(context, address, preview, [locale]);
  const page = await store.pages.findByPath(address, locale);
  if (!page) return undefined;
  const variant: VariantName | undefined =
    page.data.variants.length === 0
      ? undefined
      : (context.variant ??
        variantFor(
          await insights.visitorKey({
            address: context.clientIp,
            header: (name) => request.headers.get(name) ?? undefined,
          }),
          page.id,
        ));
  // The page in each language it is public in (hreflang, the language switcher).
  const languages = await Promise.all(
    locales.map(async (other) =>
      other === locale || (await store.pages.findByPath(address, other)) ? other : undefined,
    ),
  );
  return landingPageOf(
    context,
    address,
    { id: page.id, data: page.data, english: page.english ?? [], variant },
    languages.filter((language) => language !== undefined),
  );
}

/** A team page to draw: its id, data in the page's language, the texts shown in English, the variant shown. */
interface DrawnPage {
  id: string;
  data: LandingPage;
  english: readonly string[];
  variant: VariantName | undefined;
}

/**
 * The admin's unsaved draft of the team page at `address`, when the page is a signed-in admin's
 * preview of it in the page's language (server/previews/, never cached): the draft's variant (A
 * when absent, or when the draft has no B), published or not. The draft of a translation sends
 * English for its empty texts and names them (`english`): drawn marked as English, as the saved
 * page draws its untranslated texts.
 */
export function previewedPage(
  context: Pick<AppLoadContext, "preview" | "locale">,
  address: string,
): DrawnPage | undefined {
  const draft = context.preview?.page;
  if (!draft || (context.preview?.locale ?? DEFAULT_LOCALE) !== context.locale || draft.data.path !== address)
    return undefined;
  const variant = draft.data.variants.length === 0 ? undefined : (draft.variant ?? "A");
  return { id: draft.id ?? "preview", data: draft.data, english: draft.english ?? [], variant };
}

/** What the route draws of `page` at `address`: the variant's blocks, what they draw from elsewhere, images, languages. */
async function landingPageOf(context: AppLoadContext, address: string, page: DrawnPage, languages: readonly Locale[]) {
  const { locale } = context;
  const { variant } = page;
  const shown = shownBlocks(page.data, page.english, variant ?? "A", locale);
  const needs = blockSourcesNeeded(shown.blocks);
  const [services, logos] = await Promise.all([
    needs.services ? servicesOf(context) : undefined,
    needs.logos ? logosOf(context) : undefined,
  ]);
  const images = await loadPageImages(context, [
    ...blockImages(shown.blocks),
    ...(logos ?? []).map((logo) => logo.logo),
  ]);
  const { title, description, image, noindex } = page.data;
  return {
    landing: { id: page.id, path: address, title, description, image, noindex },
    variant,
    blocks: shown.blocks,
    english: shown.english,
    sources: {
      ...(services && { services }),
      ...(logos && { logos }),
      sentFrom: { page: localePath(locale, address), ...(variant && { variant }) },
    },
    images,
    alternates: Object.fromEntries(languages.map((language) => [language, address])) as PageAlternates,
  };
}

async function servicesOf(context: AppLoadContext): Promise<ShownServices> {
  const { data, english } = await readPageDocument(context, "services");
  return byPlacement("services", data.services, english);
}

async function logosOf(context: AppLoadContext) {
  const [partners, home] = await Promise.all([
    readPageDocument(context, "partners"),
    readPageDocument(context, "home"),
  ]);
  return homepageLogos(partners.data, home.data, { partners: partners.english, home: home.english });
}
