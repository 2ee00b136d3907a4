import { errorMessage } from "#app/hooks/use-admin-documents.ts";

/** What the inbox API says about one delivery channel of a message. */
export interface MessageDelivery {
  channel: "email" | "forward";
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

export interface InboxMessage {
  id: number;
  name: string;
  email: string;
  company: string;
  message: string;
  createdAt: string;
  readAt: string | null;
  deliveries: MessageDelivery[];
}

export interface InboxPage {
  messages: InboxMessage[];
  total: number;
  unreadCount: number;
  page: number;
  pages: number;
  pageSize: number;
}

export interface AdminAccount {
  id: number;
  email: string;
  createdAt: string;
  current: boolean;
}

/** The uploaded image as /api/media answers it. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** Thrown for an API answer that is not 2xx, carrying the server's own words. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** fetch + JSON for the owner's API calls; a failure becomes an ApiError with the server's message. */
export async function ownerApi<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      cache: "no-store",
      ...rest,
      headers: { Accept: "application/json", ...(json === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch {
    throw new ApiError("The server could not be reached. Check your connection and try again.", 0);
  }
  if (!response.ok) throw new ApiError(await errorMessage(response), response.status);
  return (await response.json()) as T;
}

export const messagesUrl = (query: string, page: number) => {
  const params = new URLSearchParams();
  if (query) params.set("query", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/api/messages${search ? `?${search}` : ""}`;
};
