/** Title and subtitle at the top of a content page. */
export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {subtitle ? <p className="mt-5 text-lg leading-8 text-pretty text-slate-300">{subtitle}</p> : null}
    </header>
  );
}
