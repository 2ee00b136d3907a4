import { describe, expect, it } from "vitest";
import type { BlogPost } from "#content/schemas.ts";
import {
  choosePublishing,
  defaultSchedule,
  describeTimeZone,
  formatPublishTime,
  scheduleAt,
  withoutSharedDate,
} from "./publishing.ts";

const post = (extra: Partial<BlogPost> = {}): BlogPost => ({
  title: "A Post",
  excerpt: "",
  content: "",
  date: "2026-01-01",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});
const COLOMBO = "Asia/Colombo";
// 23:00 UTC on 24 November: already 25 November (04:30) in Colombo.
const now = new Date("2026-11-24T23:00:00Z");

describe("the Edit Post dialog's publishing choice", () => {
  it("a draft drops its publish time and keeps its date", () => {
    expect(choosePublishing(post({ publishAt: "2026-12-01T09:00:00+05:30" }), "draft", COLOMBO, now)).toEqual({
      status: "draft",
      publishAt: undefined,
    });
  });

  it("publishing a draft or a scheduled post makes it live now, dated today on the site's clock", () => {
    const expected = { status: "published", publishAt: "2026-11-25T04:30:00+05:30", date: "2026-11-25" };
    expect(choosePublishing(post({ status: "draft" }), "published", COLOMBO, now)).toEqual(expected);
    expect(choosePublishing(post({ publishAt: "2026-12-01T09:00:00+05:30" }), "published", COLOMBO, now)).toEqual(
      expected,
    );
    // A post that is live already keeps the time it went live.
    expect(choosePublishing(post({ publishAt: "2026-01-01T09:00:00+05:30" }), "published", COLOMBO, now)).toEqual({});
    expect(choosePublishing(post(), "published", COLOMBO, now)).toEqual({});
  });

  it("scheduling starts at 09:00 tomorrow on the site's clock; a typed date and time become the publish time", () => {
    expect(defaultSchedule(now, COLOMBO)).toEqual({ date: "2026-11-26", time: "09:00" });
    expect(choosePublishing(post({ status: "draft" }), "scheduled", COLOMBO, now)).toEqual({
      status: "published",
      publishAt: "2026-11-26T09:00:00+05:30",
      date: "2026-11-26",
    });
    expect(choosePublishing(post({ publishAt: "2026-12-01T09:00:00+05:30" }), "scheduled", COLOMBO, now)).toEqual({});
    expect(scheduleAt({ date: "2026-12-07", time: "18:45" }, COLOMBO)).toEqual({
      status: "published",
      publishAt: "2026-12-07T18:45:00+05:30",
      date: "2026-12-07",
    });
    expect(scheduleAt({ date: "2026-12-07", time: "" }, COLOMBO)).toBeUndefined();
  });

  it("in another language, a choice keeps the English post's date: it is shared by every language", () => {
    const patch = choosePublishing(post({ status: "draft" }), "published", COLOMBO, now);
    expect(withoutSharedDate(patch)).toEqual({ status: "published", publishAt: "2026-11-25T04:30:00+05:30" });
    expect(withoutSharedDate({ status: "draft", publishAt: undefined })).toEqual({
      status: "draft",
      publishAt: undefined,
    });
  });

  it("reads times in the site's zone", () => {
    expect(formatPublishTime("2026-12-01T03:30:00Z", COLOMBO)).toBe("1 Dec 2026, 09:00");
    expect(describeTimeZone(COLOMBO, now)).toBe("Asia/Colombo, UTC+05:30");
  });
});
