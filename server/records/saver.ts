import type { SignedInUser } from "#server/http/context.ts";

/**
 * Who saves (none: the server itself): the account's email is kept with each version, its id logged.
 * Its own module, so a kind's part of the records service (../pages/records.ts) names it without
 * importing the service that imports that part.
 */
export type Saver = Pick<SignedInUser, "id" | "email"> | null;
