/** The admin-tool suites start the shared test server (with outbox hooks and stop()). */
export { startTestServer, tempDir, type TestServer } from "./api-server.ts";

/** A request as the admin panel makes it: same-origin, with the session cookie. */
export function adminFetch(server: { url: string }, cookie: string) {
  return (pathname: string, init: RequestInit = {}) =>
    fetch(`${server.url}${pathname}`, {
      ...init,
      headers: {
        Cookie: cookie,
        Origin: server.url,
        ...(init.body && typeof init.body === "string" ? { "Content-Type": "application/json" } : {}),
        ...init.headers,
      },
    });
}
