import { describe, expect, it } from "vitest";
import { linkedPost, postAdminLink, withoutLinkedPost } from "./post-link.ts";

const paramsOf = (link: string) => new URL(link, "https://agency.lk").searchParams;

describe("a post's admin link", () => {
  it("opens the Blog tab on the post, in the language given", () => {
    expect(postAdminLink("p-1")).toBe("/admin?tab=blog&post=p-1");
    expect(postAdminLink("p-1", "si")).toBe("/admin?tab=blog&post=p-1&lang=si");
    expect(postAdminLink("p-1", "en")).toBe("/admin?tab=blog&post=p-1&lang=en");
  });

  it("escapes an id that is not a plain word, and reads back the same", () => {
    const link = postAdminLink("a&b=c d", "ta");
    expect(link).toBe("/admin?tab=blog&post=a%26b%3Dc+d&lang=ta");
    expect(linkedPost(paramsOf(link))).toEqual({ id: "a&b=c d", locale: "ta" });
  });
});

describe("the post an address links to", () => {
  it("is none without ?post=, or with an empty one", () => {
    expect(linkedPost(paramsOf("/admin?tab=blog"))).toBeNull();
    expect(linkedPost(paramsOf("/admin?tab=blog&post=&lang=si"))).toBeNull();
    expect(linkedPost(paramsOf("/admin?tab=blog&post=%20%20"))).toBeNull();
  });

  it("leaves out a language the site does not have", () => {
    expect(linkedPost(paramsOf("/admin?tab=blog&post=p-1&lang=fr"))).toEqual({ id: "p-1" });
    expect(linkedPost(paramsOf("/admin?tab=blog&post=p-1"))).toEqual({ id: "p-1" });
  });

  it("is gone from the address once the dialog closes; the other parameters stay", () => {
    const params = paramsOf("/admin?tab=blog&post=p-1&lang=si&x=1");
    expect(withoutLinkedPost(params).toString()).toBe("tab=blog&x=1");
    // The address it came from is not changed in place.
    expect(params.get("post")).toBe("p-1");
  });
});
