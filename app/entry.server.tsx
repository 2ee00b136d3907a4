import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { deprioritizeModulePreloads } from "./lib/low-priority-module-preloads.server.ts";
import { RequestIdContext } from "./lib/request-id.ts";

export const streamTimeout = 5_000;

/**
 * React Router's Node entry, rendering the whole document before answering:
 * no page waits on deferred data (every loader returns plain values), so the
 * shell is the page, and one string lets the server compress it in one call
 * (server/http/encoding.ts) and the page cache keep it. Plus the CSP nonce
 * for its inline scripts (none in the page cache's renders), and its module
 * preloads at low priority, so the text paints without waiting for the
 * JavaScript (docs/decisions/007-initial-javascript.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    const chunks: Buffer[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const html = deprioritizeModulePreloads(Buffer.concat(chunks).toString("utf8"));
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(Buffer.byteLength(html)));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      // The id reaches the page only on an error page (#app/components/site/error-notice.tsx).
      <RequestIdContext.Provider value={loadContext.requestId}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestIdContext.Provider>,
      {
        nonce,
        // Every Suspense boundary inline, where it stands: by default React sends those past the
        // first 12.5 KB of a long page (a team page's blocks, app/lib/later.ts) after the rest,
        // with a script that moves them into place a moment later, moving what is below them.
        // The whole document goes in one answer anyway, so that gains nothing here.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          ready = true;
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (ready) logRenderError(error, request, loadContext);
        },
      },
    );
  });
}

/** One JSON line in the server's log for a page that failed (not a route's 404), with the request's id. */
function logRenderError(error: unknown, request: Request, context: AppLoadContext) {
  context.deps.logger.error("page render failed", {
    event: "render-failed",
    requestId: context.requestId,
    path: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}

/** A loader's or an action's error (the page shows its error boundary): logged as a failed render. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who left before the answer is no failure.
  if (request.signal.aborted) return;
  logRenderError(error, request, context as AppLoadContext);
};
