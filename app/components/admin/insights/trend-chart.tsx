import { useEffect, useRef } from "react";

export interface Series {
  label: string;
  values: number[];
  /** A colour Chart.js can draw with (hex). */
  color: string;
}

// The browser loads Chart.js with the first chart, after the page is shown; the server renders only the table.
const loadChartJs = () => import("./chart-js.ts");

/** "12 Mar" for 2026-03-12, the same on the server and in any browser. */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/**
 * A chart of values per day (lines, or stacked bars), drawn by Chart.js on a
 * canvas, with the same numbers as a table under "Show as table": screen
 * readers are told the table is there, and the table is the chart's text.
 */
export function TrendChart({
  title,
  kind,
  dates,
  series,
}: {
  title: string;
  kind: "line" | "bar";
  dates: string[];
  series: Series[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const data = JSON.stringify([dates, series]);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    const [labels, lines] = JSON.parse(data) as [string[], Series[]];
    void loadChartJs().then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: kind,
        data: {
          labels: labels.map(shortDate),
          datasets: lines.map((line) => ({
            label: line.label,
            data: line.values,
            borderColor: line.color,
            backgroundColor: line.color,
            borderWidth: 2,
            pointRadius: labels.length > 31 ? 0 : 2,
            tension: 0.25,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          // Redrawn on every live refresh: no animation, and none for those who ask for less motion.
          animation: false,
          interaction: { mode: "index", intersect: false },
          plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } } },
          scales: {
            x: { stacked: kind === "bar", grid: { display: false }, ticks: { maxTicksLimit: 8, maxRotation: 0 } },
            y: { stacked: kind === "bar", beginAtZero: true, ticks: { precision: 0 } },
          },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [data, kind]);

  return (
    <figure className="grid min-w-0 gap-3">
      {/* min-w-0: the drawn canvas must not hold the page wide when the screen narrows. */}
      <div className="relative h-56 min-w-0 sm:h-72">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${title}, ${kind === "line" ? "a line chart" : "a bar chart"} per day; the numbers are in the table below it.`}
        />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Show as table</summary>
        <div className="mt-2 rounded-lg border border-slate-200">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                {series.map((line) => (
                  <th key={line.label} scope="col" className="px-3 py-2 text-right font-medium">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, i) => (
                <tr key={date} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                    {shortDate(date)}
                  </th>
                  {series.map((line) => (
                    <td key={line.label} className="px-3 py-1.5 text-right tabular-nums">
                      {line.values[i]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
