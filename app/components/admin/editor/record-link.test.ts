import { describe, expect, it } from "vitest";
import { linkedRecord, PAGE_LINK, recordAdminLink, withoutLinkedRecord } from "./record-link.ts";

const paramsOf = (link: string) => new URL(link, "https://agency.lk").searchParams;

describe("a team page's admin link", () => {
  it("opens the Pages tab on the page, in the language named", () => {
    const link = recordAdminLink(PAGE_LINK, "pg-1", "si");
    expect(link).toBe("/admin?tab=pages&page=pg-1&lang=si");
    expect(linkedRecord(PAGE_LINK, paramsOf(link))).toEqual({ id: "pg-1", locale: "si" });
    expect(linkedRecord(PAGE_LINK, paramsOf("/admin?tab=pages&page=pg-1&lang=fr"))).toEqual({ id: "pg-1" });
    expect(linkedRecord(PAGE_LINK, paramsOf("/admin?tab=pages&post=pg-1"))).toBeNull();
  });

  it("leaves the address once the editor closes, the rest kept", () => {
    const params = paramsOf("/admin?tab=pages&page=pg-1&lang=ta&x=1");
    expect(withoutLinkedRecord(PAGE_LINK, params).toString()).toBe("tab=pages&x=1");
  });
});
