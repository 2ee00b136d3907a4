import { data, redirect, useMatches, useNavigate, useRouteLoaderData } from "react-router";
import { findPostBySlug, findRenamedPost } from "#content/rules.ts";
import { readDocument } from "#app/lib/content.server.ts";
import { originFrom, seoMeta } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { BlogReader } from "#app/components/site/blog-reader.tsx";
import { BlogJsonLd } from "#app/components/site/blog-json-ld.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/blog-post";

export const handle: LiveHandle = { documents: ["blog"] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const blog = await readDocument(context, "blog");
  const post = findPostBySlug(blog.posts, params.slug);
  if (!post) {
    // A link shared before the post was renamed: send it to the post's new address.
    const renamed = findRenamedPost(blog.posts, params.slug);
    if (renamed) throw redirect(`/blog/${renamed.slug}`, 301);
    context.deps.logger.warn("page not found", { path: new URL(request.url).pathname });
    throw data(null, { status: 404 });
  }
  return {
    post: {
      slug: params.slug.toLowerCase(),
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      date: post.date,
      readTime: post.readTime,
      image: post.image,
      updatedAt: post.updatedAt,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { post } = loaderData;
  return [
    ...seoMeta(
      {
        title: post.title,
        description: post.excerpt,
        path: `/blog/${post.slug}`,
        image: post.image || undefined,
        type: "article",
      },
      originFrom(matches),
    ),
    { property: "article:published_time", content: post.date },
    ...(post.updatedAt ? [{ property: "article:modified_time", content: post.updatedAt }] : []),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const navigate = useNavigate();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const origin = originFrom(useMatches());
  return (
    <>
      <BlogReader key={post.slug} post={post} onClose={() => void navigate("/blog", { preventScrollReset: true })} />
      <BlogJsonLd post={post} origin={origin} nonce={root?.nonce} />
    </>
  );
}
