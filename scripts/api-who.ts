// The "Who" column of the API tables in docs/api.md, written from the one permission table
// (content/roles.ts) rather than by hand: `npm run docs:who` rewrites it, and
// scripts/api-who.test.ts fails while the page says otherwise.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PERMISSIONS, ROLE_LABELS, ROLES, type Access } from "../content/roles.ts";

const API_DOC = path.join(import.meta.dirname, "..", "docs", "api.md");

/** How docs/api.md names who may call an endpoint. */
export function whoLabel(access: Access): string {
  if (access === "everyone") return "anyone";
  if (ROLES.every((role) => access.includes(role))) return "any role";
  // Administrators first, as the page reads ("Editor, Administrator" for Staff).
  return ROLES.filter((role) => access.includes(role))
    .reverse()
    .map((role) => ROLE_LABELS[role])
    .join(", ");
}

/** The table's endpoints as the page writes them: "GET /api/messages/:id" for "GET /api/messages/:id{[0-9]+}". */
const byWrittenForm = new Map(
  Object.entries(PERMISSIONS).map(([endpoint, access]) => [endpoint.replace(/\{[^}]*\}/g, ""), access as Access]),
);

/** The endpoint a row documents: its first code span's method and path, without the query. */
function endpointOfRow(row: string): string | undefined {
  const match = /^\| `([A-Z]+) (\/[^`?\s]*)/.exec(row);
  return match ? `${match[1]} ${match[2]}` : undefined;
}

/**
 * The page with each API row's "Who" cell (in the tables headed "Method and path | Who | What") written from the permission table; a note after it in
 * parentheses ("any role (a Writer: own uploads)") is kept. Rows of endpoints outside the table
 * (`/healthz`, `/metrics`, `/media/…`) are left as they are.
 */
export function rewriteWho(page: string): string {
  let inWhoTable = false;
  return page
    .split("\n")
    .map((row) => {
      // A table starts at its header row and ends at the first line that is no row.
      if (!row.startsWith("|")) inWhoTable = false;
      else if (/^\| [^|]+ \| Who \|/.test(row)) inWhoTable = true;
      const endpoint = inWhoTable ? endpointOfRow(row) : undefined;
      const access = endpoint && byWrittenForm.get(endpoint);
      if (!access) return row;
      const cells = row.split(" | ");
      const note = /\s\(.*\)$/.exec(cells[1] ?? "")?.[0] ?? "";
      cells[1] = whoLabel(access) + note;
      return cells.join(" | ");
    })
    .join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const page = readFileSync(API_DOC, "utf8");
  const rewritten = rewriteWho(page);
  if (rewritten !== page) writeFileSync(API_DOC, rewritten);
  console.log(rewritten === page ? "docs/api.md's Who column: up to date" : "docs/api.md's Who column: rewritten");
}
