export declare function findCommand(command: string): string | undefined;
/** The command's path, installing its Debian packages first when missing and running as root. */
export declare function ensureCommand(
  command: string,
  packages: string[],
): { path: string; reason?: undefined } | { path?: undefined; reason: string };
