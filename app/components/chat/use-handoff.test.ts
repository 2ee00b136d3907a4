import { describe, expect, it } from "vitest";
import { en } from "#content/i18n/chat/en.ts";
import { ta } from "#content/i18n/chat/ta.ts";
import { ApiError, NETWORK_ERROR, statusError, UNREADABLE_ANSWER } from "#app/lib/api.ts";
import { leadFailure } from "./use-handoff.ts";

describe("leadFailure", () => {
  it("puts the API helper's own words in the page's language", () => {
    const { lead } = ta;
    expect(leadFailure(new ApiError(NETWORK_ERROR, 0), lead)).toBe(lead.networkError);
    expect(leadFailure(new ApiError(UNREADABLE_ANSWER, 200), lead)).toBe(lead.unreadable);
    expect(leadFailure(new ApiError(statusError(502), 502), lead)).toBe("சேவையகத்திலிருந்து பிழை கிடைத்தது (502).");
  });

  it("keeps the server's words, and any other error's", () => {
    const { lead } = ta;
    expect(leadFailure(new ApiError("Please enter your name.", 400), lead)).toBe("Please enter your name.");
    expect(leadFailure(new Error("boom"), lead)).toBe("boom");
    expect(leadFailure("odd", lead)).toBe("odd");
  });

  it("reads in English as the API helper words it", () => {
    const { lead } = en;
    expect(leadFailure(new ApiError(NETWORK_ERROR, 0), lead)).toBe(NETWORK_ERROR);
    expect(leadFailure(new ApiError(UNREADABLE_ANSWER, 200), lead)).toBe(UNREADABLE_ANSWER);
    expect(leadFailure(new ApiError(statusError(500), 500), lead)).toBe(statusError(500));
  });
});
