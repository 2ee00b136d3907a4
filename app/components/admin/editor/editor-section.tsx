import { useId, type ReactNode } from "react";

/**
 * A titled group of fields inside a tab. The shell already frames the tab in
 * a card, so groups are separated by a rule rather than nested in more cards.
 */
export function EditorSection({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    // grid-cols-1 (minmax(0, 1fr)): a field that cannot shrink stays inside the section, never widens the page.
    <section
      aria-labelledby={id}
      className="grid grid-cols-1 gap-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="grid min-w-0 flex-1 basis-72 gap-1">
          <h3 id={id} className="text-base font-semibold leading-tight text-slate-950">
            {title}
          </h3>
          {description && <p className="max-w-3xl text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
