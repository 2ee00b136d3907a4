import { useId, type ReactNode } from "react";
import { Card } from "#app/components/ui/card.tsx";

/** One titled part of the Insights page, a region named by its heading. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Card role="region" aria-labelledby={heading} className="min-w-0 p-4 sm:p-5">
      <h2 id={heading} className="mb-3 text-base font-semibold text-slate-950">
        {title}
      </h2>
      {children}
    </Card>
  );
}
