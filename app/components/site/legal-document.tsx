/**
 * A legal page's title and HTML. The HTML was sanitised on the server
 * (server/content/sanitize.ts) right before rendering; that is the only reason
 * it may be set as HTML here. `titleLang`, `contentLang`: "en" while that text
 * is shown in English on a page in another language.
 */
export function LegalDocument({
  title,
  html,
  titleLang,
  contentLang,
}: {
  title: string;
  html: string;
  titleLang: "en" | undefined;
  contentLang: "en" | undefined;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-5 sm:py-24">
      <h1 lang={titleLang} className="text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">
        {title}
      </h1>
      <div className="mt-4 h-1 w-16 rounded-full bg-brand-400" />
      <div
        lang={contentLang}
        className="legal-prose mt-10 rounded-2xl bg-white/5 p-5 text-base leading-relaxed text-slate-200 ring-1 ring-white/10 sm:p-10 [&_a]:font-medium [&_a]:text-brand-300 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-white [&_blockquote]:mt-5 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-400/60 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-white [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-white [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white [&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-white [&_hr]:my-8 [&_hr]:border-white/10 [&_li]:mt-2 [&_li]:pl-1 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-white [&_table]:mt-6 [&_table]:w-full [&_table]:text-left [&_td]:border-t [&_td]:border-white/10 [&_td]:py-2 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-white [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-brand-300 [&>*:first-child]:mt-0"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
