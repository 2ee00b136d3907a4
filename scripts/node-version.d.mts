/** The Node.js lines this site runs and is tested on (./node-version.mjs). */
export declare const SUPPORTED_NODE_LINES: readonly number[];
/** The one-line warning for a Node.js version older than the supported lines, or undefined. */
export declare function unsupportedNodeWarning(version?: string): string | undefined;
/** Prints that warning to stderr when this Node.js is older than the supported lines. */
export declare function warnIfUnsupportedNode(): void;
