import { ArrowLeft, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Markup } from "./markup.tsx";
import { BlogPostMeta } from "./blog-post-meta.tsx";

export interface BlogReaderPost {
  slug: string;
  title: string;
  content: string;
  date: string;
  readTime: string;
  image: string;
}

/**
 * The full-screen reader over the blog list: a modal dialog labelled by the
 * post title that takes focus, keeps it inside and closes on Esc or either
 * close button. Rendered in place (no portal) so a post loaded by its own
 * address arrives server-rendered.
 */
export function BlogReader({ post, onClose }: { post: BlogReaderPost; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-950" />
      <Dialog.Content
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          // Back on the list, focus the card that was read (also after a direct visit).
          const card = document.querySelector<HTMLElement>(`[data-post-link="${CSS.escape(post.slug)}"]`);
          if (card) {
            event.preventDefault();
            card.focus({ preventScroll: true });
          }
        }}
        className="fixed inset-0 z-50 overflow-y-auto overscroll-contain bg-linear-to-br from-brand-950 via-[#0c2249] to-[#112b5e] outline-none transition duration-300 ease-out starting:translate-y-3 starting:opacity-0 motion-reduce:transition-none"
      >
        <div className="sticky top-0 z-10 border-b border-white/10 bg-brand-950/85 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-5">
            <p className="truncate text-sm font-medium uppercase tracking-widest text-brand-300">Insights &amp; Ideas</p>
            <Dialog.Close className="inline-flex shrink-0 items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/15 transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300">
              <X aria-hidden="true" className="size-4" />
              Close
            </Dialog.Close>
          </div>
        </div>
        <article className="mx-auto max-w-3xl px-5 pb-24 pt-8 sm:pt-12">
          {post.image ? (
            <img
              src={post.image}
              alt={post.title}
              width={800}
              height={450}
              className="aspect-[16/9] w-full rounded-2xl object-cover shadow-2xl shadow-black/40 ring-1 ring-white/10"
            />
          ) : null}
          <BlogPostMeta date={post.date} readTime={post.readTime} className="mt-8" />
          <Dialog.Title asChild>
            <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight text-balance text-white sm:text-5xl">{post.title}</h1>
          </Dialog.Title>
          <div className="my-8 h-px bg-linear-to-r from-brand-400/60 via-white/10 to-transparent" />
          <Markup source={post.content} className="text-base sm:text-lg" />
          <div className="mt-14 border-t border-white/10 pt-8">
            <Dialog.Close className="inline-flex items-center gap-2 rounded-full bg-rose-600 px-6 py-3 font-semibold text-white shadow-lg shadow-rose-900/30 transition hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-300">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to all articles
            </Dialog.Close>
          </div>
        </article>
      </Dialog.Content>
    </Dialog.Root>
  );
}
