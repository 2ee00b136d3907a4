import { describe, expect, it } from "vitest";
import { createOwnWrites } from "./own-writes.ts";
import { documentRef, postRef } from "./record-ref.ts";

const A = postRef("a");

describe("createOwnWrites", () => {
  it("holds back news of a record while it is written, and says the newest heard when the last write ends", () => {
    const writes = createOwnWrites();
    const first = writes.begin(A);
    const second = writes.begin(A);
    expect(writes.isEcho(A, 4)).toBe(true);
    expect(writes.isEcho(A, 6)).toBe(true);
    expect(writes.isEcho(postRef("b"), 1)).toBe(false);
    expect(first({ ref: A, version: 4 })).toBe(0);
    expect(second({ ref: A, version: 5 })).toBe(6);
    expect(writes.isEcho(A, 6)).toBe(false);
  });

  it("is busy with a kind while any record of it is written, a new one included", () => {
    const writes = createOwnWrites();
    const end = writes.begin(postRef(null));
    expect(writes.busy("post")).toBe(true);
    expect(writes.busy("document")).toBe(false);
    end({ ref: postRef("n"), version: 1 });
    expect(writes.busy("post")).toBe(false);
    expect(writes.isEcho(postRef("n"), 1)).toBe(true);
  });

  it("after a save, its own version and older ones are echoes, newer ones news", () => {
    const writes = createOwnWrites();
    writes.begin(A)({ ref: A, version: 3 });
    expect(writes.isEcho(A, 3)).toBe(true);
    expect(writes.isEcho(A, 2)).toBe(true);
    expect(writes.isEcho(A, 4)).toBe(false);
    expect(writes.isEcho(postRef("b"), 1)).toBe(false);
    expect(writes.isEcho(A, 3, true)).toBe(false);
    expect(writes.isEcho(documentRef("home"), 3)).toBe(false);
  });

  it("after a delete, that record's deletion is an echo", () => {
    const writes = createOwnWrites();
    writes.begin(A)({ ref: A, deleted: true });
    expect(writes.isEcho(A, 7, true)).toBe(true);
  });

  it("ending a write twice counts once; a failed write remembers nothing", () => {
    const writes = createOwnWrites();
    const first = writes.begin(A);
    const second = writes.begin(postRef("b"));
    first();
    first();
    expect(writes.busy("post")).toBe(true);
    second();
    expect(writes.busy("post")).toBe(false);
    expect(writes.isEcho(A, 1)).toBe(false);
  });
});
