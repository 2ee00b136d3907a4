/**
 * Every live event's reader, those public pages do not hear included: a team page's `page` event
 * (issue 42), and the admin's `message` and `analytics`. What the server reads from other
 * instances (server/events/postgres-bus.ts), and what a team page and the admin read from the
 * stream. Apart from ./live-events.ts, whose readers every public page ships, so that the other
 * pages carry neither these readers nor the address rules the page event's checks
 * (./landing-path.ts): the site's own code on a page is budgeted (docs/decisions/007-initial-javascript.md).
 */
import { isLandingPath, LANDING_PAGE_ID } from "./landing-path.ts";
import {
  isFields,
  PUBLIC_EVENT_READERS,
  recordEvent,
  type EventReader,
  type EventReaders,
  type LiveEvent,
  type LiveEventName,
} from "./live-events.ts";

/** A team page's save, with the addresses it had and has. */
export const readPageEvent: EventReader<"page"> = (data) => {
  const event = recordEvent("page", LANDING_PAGE_ID, data);
  const { path, formerPath } = data;
  const address = (value: unknown) => value === undefined || (typeof value === "string" && isLandingPath(value));
  if (!event || !address(path) || !address(formerPath)) return undefined;
  return {
    ...event,
    ...(typeof path === "string" && { path }),
    ...(typeof formerPath === "string" && { formerPath }),
  };
};

/** Each event's reader. */
export const LIVE_EVENT_READERS: EventReaders = {
  ...PUBLIC_EVENT_READERS,
  page: readPageEvent,
  message: (data) => (Number.isInteger(data["id"]) ? { type: "message", id: data["id"] as number } : undefined),
  analytics: () => ({ type: "analytics" }),
};

/** The event if `value` is a well-formed one, with its `type` (as it arrives from another instance), else undefined. */
export function readLiveEvent(value: unknown): LiveEvent | undefined {
  if (!isFields(value) || typeof value["type"] !== "string" || !Object.hasOwn(LIVE_EVENT_READERS, value["type"]))
    return undefined;
  return LIVE_EVENT_READERS[value["type"] as LiveEventName](value);
}
