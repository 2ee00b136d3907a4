/** A run of percent escapes (`%E0%B6%85`), or a `%` that starts none (`/100%`, `%zz`). */
const ESCAPES = /(?:%[0-9a-f]{2})+|%/gi;

const decodes = (escapes: string) => {
  try {
    decodeURIComponent(escapes);
    return true;
  } catch {
    return false;
  }
};

/** A run of escapes with each byte that starts no UTF-8 character of it escaped (`%FF` → `%25FF`). */
function escapeStrayBytes(run: string): string {
  const bytes = run.match(/%[0-9a-f]{2}/gi) ?? [];
  let kept = "";
  for (let i = 0; i < bytes.length;) {
    // A UTF-8 character is 1 to 4 bytes: the longest that decodes from here, if any.
    const length = [4, 3, 2, 1].find((n) => i + n <= bytes.length && decodes(bytes.slice(i, i + n).join("")));
    if (length) {
      kept += bytes.slice(i, i + length).join("");
      i += length;
    } else kept += `%25${bytes[i++]!.slice(1)}`;
  }
  return kept;
}

/**
 * A request target whose path's percent escapes all decode as UTF-8, so that React Router's
 * matching can read it (a path that does not makes it print a plain-text warning and match the raw
 * path): the `%` of each byte that is no character (`%FF`, a cut `%E0%A4`, an overlong `%c0%af`)
 * and each bare `%` is itself escaped (`%25FF`), so the path still names what was asked for, and
 * finds no page, as before; every other byte, and the query, are left as they were. The same
 * string, at no cost beyond a search for `%`, when the path decodes (nearly always).
 */
export function decodablePath(target: string): string {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (!path.includes("%") || decodes(path)) return target;
  const escaped = path.replace(ESCAPES, (escapes) =>
    escapes === "%" ? "%25" : decodes(escapes) ? escapes : escapeStrayBytes(escapes),
  );
  return query === -1 ? escaped : escaped + target.slice(query);
}
