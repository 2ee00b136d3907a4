import { Panel } from "./panel.tsx";

export interface RankedRow {
  key: string;
  label: string;
  value: number;
}

/**
 * A titled list of names and counts, the largest first, as a table: each
 * count with a bar for its size beside the largest (and with `share`, its
 * percentage of them all).
 */
export function RankedTable({
  title,
  nameHeader,
  valueHeader,
  rows,
  empty,
  share = false,
}: {
  title: string;
  nameHeader: string;
  valueHeader: string;
  rows: RankedRow[];
  empty: string;
  share?: boolean;
}) {
  const largest = Math.max(1, ...rows.map((row) => row.value));
  const sum = rows.reduce((total, row) => total + row.value, 0);
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead className="text-left text-slate-600">
            <tr>
              <th scope="col" className="pb-1 font-medium">
                {nameHeader}
              </th>
              <th scope="col" className="w-24 pb-1 text-right font-medium">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  <div className="relative overflow-hidden rounded-md px-2 py-1">
                    <span
                      aria-hidden="true"
                      className="absolute inset-y-0 left-0 bg-brand-50"
                      style={{ width: `${(row.value / largest) * 100}%` }}
                    />
                    <span className="relative block truncate text-slate-800" title={row.label}>
                      {row.label}
                    </span>
                  </div>
                </th>
                <td className="py-1 text-right tabular-nums text-slate-900">
                  {row.value.toLocaleString("en")}
                  {share && sum > 0 ? (
                    <span className="ml-1 text-xs text-slate-600">{Math.round((row.value / sum) * 100)}%</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
