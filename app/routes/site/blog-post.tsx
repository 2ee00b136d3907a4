import { data, redirect, useNavigate, useRouteLoaderData } from "react-router";
import { blogPagePath, postPath } from "#content/post-paths.ts";
import { useLocale } from "#app/lib/i18n.ts";
import { seoMeta, siteOf, type PageAlternates } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { POST_PAGE_CONTENT } from "#content/page-content.ts";
import { BlogReader, loadReaderText } from "#app/components/site/blog-reader.tsx";
import { JsonLd } from "#app/components/site/json-ld.tsx";
import { loaderOrigin, readPreviewPost } from "#app/lib/content.server.ts";
import { blogPostingJsonLd } from "./blog-json-ld.server.ts";
import { readerPost } from "./blog-post.server.ts";
import { loadPageImages } from "#app/lib/page-images.server.ts";
import { PageImagesProvider } from "#app/components/site/site-image.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/blog-post";

export const handle: LiveHandle = POST_PAGE_CONTENT;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  const preview = await readPreviewPost(context, slug);
  if (preview) {
    const post = readerPost(preview, context.locale);
    const images = await loadPageImages(context, [post.image]);
    const jsonLd = blogPostingJsonLd(post, loaderOrigin(context, request), context.locale);
    return { post, images, alternates: { [context.locale]: postPath(slug) }, jsonLd };
  }
  const found = await context.deps.store.posts.findBySlug(slug, context.locale);
  if (!found) {
    context.deps.logger.debug("page not found", { requestId: context.requestId, path: new URL(request.url).pathname });
    throw data(null, { status: 404 });
  }
  const { post, renamedFrom } = found;
  // A link shared before the post was renamed (or written in capitals): send it to the post's address.
  if (renamedFrom || post.slug !== params.slug) throw redirect(postPath(post.slug, context.locale), 301);
  // The post in each language it is published in, by its address there (hreflang, the language switcher).
  const addresses = await context.deps.store.posts.publicAddresses(post.id);
  const alternates: PageAlternates = Object.fromEntries(
    Object.entries(addresses).map(([locale, address]) => [locale, postPath(address)]),
  );
  const reader = readerPost(post, context.locale);
  const images = await loadPageImages(context, [reader.image]);
  // The post's structured data for search engines, made here: the browser only writes it out.
  return {
    post: reader,
    images,
    alternates,
    jsonLd: blogPostingJsonLd(reader, loaderOrigin(context, request), context.locale),
  };
}

/**
 * A client-side navigation to a post (and a live refresh of it) draws it once the code of its text
 * is there too (decision 007): fetched beside the post's data, so the reader never opens empty. A
 * first load does not come here: the server's HTML holds the text until its code arrives. Code that
 * does not arrive leaves the text to load it itself, as on a first load.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [post] = await Promise.all([serverLoader(), loadReaderText().catch(() => undefined)]);
  return post;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { post } = loaderData;
  return [
    ...seoMeta(
      {
        title: post.title,
        description: post.excerpt,
        path: postPath(post.slug),
        alternates: loaderData.alternates,
        image: post.image || undefined,
        type: "article",
      },
      siteOf(matches),
    ),
    { property: "article:published_time", content: post.date },
    ...(post.updatedAt ? [{ property: "article:modified_time", content: post.updatedAt }] : []),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, images, jsonLd } = loaderData;
  const navigate = useNavigate();
  const locale = useLocale();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <PageImagesProvider images={images}>
      <BlogReader
        key={post.slug}
        post={post}
        onClose={() => void navigate(blogPagePath(1, locale), { preventScrollReset: true })}
      />
      <JsonLd data={jsonLd} nonce={root?.nonce} />
    </PageImagesProvider>
  );
}
