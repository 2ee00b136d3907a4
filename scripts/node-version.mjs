// The Node.js lines this site runs and is tested on (package.json "engines", .nvmrc, .ci/run).
// Older lines are past their end of life: the site still starts on them, after one warning line.

export const SUPPORTED_NODE_LINES = [22, 24];

/** The one-line warning for a Node.js version older than the supported lines, or undefined. */
export function unsupportedNodeWarning(version = process.versions.node) {
  const major = Number.parseInt(version, 10);
  if (major >= SUPPORTED_NODE_LINES[0]) return undefined;
  return `Warning: Node.js ${version} is past its end of life; this site supports Node.js ${SUPPORTED_NODE_LINES.join(" and ")} (see .nvmrc).`;
}

export function warnIfUnsupportedNode() {
  const warning = unsupportedNodeWarning();
  if (warning) console.warn(warning);
}
