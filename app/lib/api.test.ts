import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, NETWORK_ERROR, statusError, UNREADABLE_ANSWER } from "./api.ts";

function answer(status: number, body: string) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.unstubAllGlobals());

describe("api", () => {
  it("sends JSON and resolves to the parsed answer", async () => {
    const fetch = answer(200, JSON.stringify({ version: 3 }));
    expect(await api("/api/content/home", { method: "PUT", json: { version: 2, data: {} } })).toEqual({ version: 3 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/content/home");
    expect(init).toMatchObject({ method: "PUT", cache: "no-store", body: JSON.stringify({ version: 2, data: {} }) });
    expect(init?.headers).toEqual({ Accept: "application/json", "Content-Type": "application/json" });
  });

  it("resolves an empty answer to undefined", async () => {
    answer(200, "");
    expect(await api("/api/auth/logout", { method: "POST" })).toBeUndefined();
  });

  it("rejects with the server's own words, its status and body", async () => {
    const current = { version: 4 };
    answer(409, JSON.stringify({ error: "Home was changed by someone else since you opened it.", current }));
    const error = await failure(api("/api/content/home"));
    expect(error).toMatchObject({
      message: "Home was changed by someone else since you opened it.",
      status: 409,
      body: { current },
    });
  });

  it("words every other failure once: no {error}, not JSON, not reached", async () => {
    answer(502, "<html>Bad gateway</html>");
    expect(await failure(api("/api/messages"))).toMatchObject({ message: statusError(502), status: 502 });
    answer(500, JSON.stringify({ problem: "x" }));
    expect((await failure(api("/api/messages"))).message).toBe("The server answered 500.");
    answer(200, "<html>a login page</html>");
    expect(await failure(api("/api/messages"))).toMatchObject({ message: UNREADABLE_ANSWER, status: 200 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await failure(api("/api/messages"))).toMatchObject({ message: NETWORK_ERROR, status: 0 });
  });

  it("passes an abort through as it is", async () => {
    const abort = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        abort.abort();
        throw init?.signal?.reason;
      }),
    );
    await expect(
      api("/admin/map-preview", { method: "POST", json: { code: "" }, signal: abort.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });
});
