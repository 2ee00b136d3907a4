import { describe, expect, it } from "vitest";
import { patchAt, removeAt } from "./list-updates.ts";

describe("list updates", () => {
  const list: readonly { name: string; n: number }[] = [
    { name: "a", n: 1 },
    { name: "b", n: 2 },
  ];

  it("patchAt merges into one item and leaves the input unchanged", () => {
    const next = patchAt(list, 1, { n: 5 });
    expect(next).toEqual([
      { name: "a", n: 1 },
      { name: "b", n: 5 },
    ]);
    expect(next[0]).toBe(list[0]);
    expect(list[1]!.n).toBe(2);
  });

  it("removeAt drops one item; an index out of range changes nothing", () => {
    expect(removeAt(list, 0)).toEqual([{ name: "b", n: 2 }]);
    expect(removeAt(list, 5)).toEqual(list);
  });
});
