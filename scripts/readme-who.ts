// The README's "Who" column of its API tables, written from the one permission table
// (content/roles.ts) rather than by hand: `npm run docs:who` rewrites it, and
// scripts/readme-who.test.ts fails while the README says otherwise.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PERMISSIONS, ROLE_LABELS, ROLES, type Access } from "../content/roles.ts";

const README = path.join(import.meta.dirname, "..", "README.md");

/** How the README names who may call an endpoint. */
export function whoLabel(access: Access): string {
  if (access === "everyone") return "anyone";
  if (ROLES.every((role) => access.includes(role))) return "any role";
  // Administrators first, as the README reads ("Editor, Administrator" for Staff).
  return ROLES.filter((role) => access.includes(role))
    .reverse()
    .map((role) => ROLE_LABELS[role])
    .join(", ");
}

/** The table's endpoints by their README form: "GET /api/messages/:id" for "GET /api/messages/:id{[0-9]+}". */
const byReadmeForm = new Map(
  Object.entries(PERMISSIONS).map(([endpoint, access]) => [endpoint.replace(/\{[^}]*\}/g, ""), access as Access]),
);

/** The endpoint a README row documents: its first code span's method and path, without the query. */
function endpointOfRow(row: string): string | undefined {
  const match = /^\| `([A-Z]+) (\/[^`?\s]*)/.exec(row);
  return match ? `${match[1]} ${match[2]}` : undefined;
}

/**
 * The README with each API row's "Who" cell (in the tables headed "Method and path | Who | What") written from the permission table; a note after it in
 * parentheses ("any role (a Writer: own uploads)") is kept. Rows of endpoints outside the table
 * (`/healthz`, `/metrics`, `/media/…`) are left as they are.
 */
export function rewriteWho(readme: string): string {
  let inWhoTable = false;
  return readme
    .split("\n")
    .map((row) => {
      // A table starts at its header row and ends at the first line that is no row.
      if (!row.startsWith("|")) inWhoTable = false;
      else if (/^\| [^|]+ \| Who \|/.test(row)) inWhoTable = true;
      const endpoint = inWhoTable ? endpointOfRow(row) : undefined;
      const access = endpoint && byReadmeForm.get(endpoint);
      if (!access) return row;
      const cells = row.split(" | ");
      const note = /\s\(.*\)$/.exec(cells[1] ?? "")?.[0] ?? "";
      cells[1] = whoLabel(access) + note;
      return cells.join(" | ");
    })
    .join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const readme = readFileSync(README, "utf8");
  const rewritten = rewriteWho(readme);
  if (rewritten !== readme) writeFileSync(README, rewritten);
  console.log(rewritten === readme ? "README's Who column: up to date" : "README's Who column: rewritten");
}
