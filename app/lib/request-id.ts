import { createContext, useContext, useEffect, useState } from "react";

/** The id of the request a page is rendered for (the server's `X-Request-Id`): provided by the server's entry only. */
export const RequestIdContext = createContext<string | undefined>(undefined);

const MARK = "data-request-id";
/** True until the page rendered by the server has hydrated: only then is an id on the page this page's own. */
let hydrating = true;

/**
 * The request id an error page shows, so that what a visitor reports leads to
 * the server's log line: the server's as it renders, then read back from that
 * page while it hydrates (the same markup); none for an error met later in
 * the browser, which no request of the server saw.
 */
export function useRequestId(): { id: string | undefined; mark: Record<typeof MARK, string> | undefined } {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(
    () =>
      fromServer ??
      (hydrating && typeof document !== "undefined"
        ? (document.querySelector(`[${MARK}]`)?.getAttribute(MARK) ?? undefined)
        : undefined),
  );
  useEffect(() => {
    hydrating = false;
  }, []);
  return { id, mark: id === undefined ? undefined : { [MARK]: id } };
}
