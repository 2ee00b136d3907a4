import { BarChart3, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import type { LandingPageResults } from "#content/landing-page-api.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { loadPageResults } from "../data/pages-api.ts";
import { leadRate } from "./page-list.ts";

const DAYS = 30;

type Results =
  { status: "loading" } | { status: "failed"; reason: string } | { status: "ready"; results: LandingPageResults };

/** "87%": how likely B beats A, as the results say it. */
export const probabilityText = (probability: number) => `${Math.round(probability * 100).toLocaleString("en-US")}%`;

/**
 * A stored page's A/B results over the last 30 days (GET /api/pages/:id/results): views, leads and
 * lead rate per variant, how likely B brings more leads than A, and "Use B" (asked first: it
 * makes B's blocks the page's, saved as a new version, and ends the test).
 */
export function PageResults({
  id,
  canUseB,
  using,
  onUseB,
}: {
  id: string;
  /** The role may save the page with B as its blocks (Writers ask an Editor). */
  canUseB: boolean;
  using: boolean;
  onUseB: () => Promise<boolean>;
}) {
  const [results, setResults] = useState<Results>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setResults({ status: "loading" });
    loadPageResults(id, DAYS, controller.signal).then(
      (answer) => setResults({ status: "ready", results: answer }),
      (cause: unknown) =>
        !controller.signal.aborted &&
        setResults({ status: "failed", reason: cause instanceof Error ? cause.message : String(cause) }),
    );
    return () => controller.abort();
  }, [id, attempt]);

  return (
    <section aria-labelledby="page-results-heading" className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <BarChart3 className="size-4 text-slate-500" aria-hidden="true" />
        <h4 id="page-results-heading" className="flex-1 text-sm font-semibold text-slate-950">
          Results, last {DAYS} days
        </h4>
        {canUseB && (
          <Button size="sm" variant="outline" disabled={using} onClick={() => setAsking(true)}>
            Use B
          </Button>
        )}
      </div>
      {results.status === "loading" && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner />
          Loading results…
        </p>
      )}
      {results.status === "failed" && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          Could not load the results: {results.reason}
          <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </p>
      )}
      {results.status === "ready" && <ResultsTable results={results.results} />}
      <Dialog open={asking} onOpenChange={(open) => !using && setAsking(open)}>
        <DialogContent
          title="Use variant B?"
          description="B's blocks become the page's, saved as a new version (History keeps A's). The test ends: every visitor sees the page as B has it."
          className="max-w-md"
        >
          <DialogFooter>
            <Button variant="outline" disabled={using} onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <PendingButton
              pending={using}
              pendingLabel="Saving..."
              onClick={() => void onUseB().then((done) => done && setAsking(false))}
            >
              Use B
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function ResultsTable({ results }: { results: LandingPageResults }) {
  const { probabilityBBeatsA: probability } = results;
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-72 text-left text-sm">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Variant
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Views
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Leads
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Lead rate
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {results.variants.map((variant) => (
              <tr key={variant.name} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 pr-3 font-semibold">
                  {variant.name}
                </th>
                <td className="py-1.5 pr-3 text-right">{variant.views.toLocaleString("en-US")}</td>
                <td className="py-1.5 pr-3 text-right">{variant.leads.toLocaleString("en-US")}</td>
                <td className="py-1.5 text-right">{leadRate(variant.views, variant.leads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {probability !== null && (
        <p className="text-sm text-slate-700">
          Probability B beats A: <span className="font-semibold tabular-nums">{probabilityText(probability)}</span>
          <span className="block text-xs text-slate-600">
            How likely B's lead rate is higher than A's, from the leads and views so far. Wait for 95% or more before
            choosing.
          </span>
        </p>
      )}
    </>
  );
}
