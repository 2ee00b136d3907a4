import { describe, expect, it } from "vitest";
import { readOnce } from "./read-once.ts";

describe("readOnce", () => {
  const counting = () => {
    const calls: string[] = [];
    const read = readOnce((json: string) => {
      calls.push(json);
      return JSON.parse(json) as { title: string; tags: string[] };
    }, 2);
    return { calls, read };
  };

  it("reads a row's version once, and again when its text is not the same", () => {
    const { calls, read } = counting();
    const first = read("p1@1", '{"title":"ශ්‍රී ලංකා","tags":["a"]}');
    expect(read("p1@1", '{"title":"ශ්‍රී ලංකා","tags":["a"]}')).toBe(first);
    expect(calls).toHaveLength(1);
    // Another database with the same id and version: its own text is read.
    expect(read("p1@1", '{"title":"Other","tags":[]}').title).toBe("Other");
    expect(calls).toHaveLength(2);
    expect(first.title).toBe("ශ්‍රී ලංකා");
  });

  it("freezes what it shares, so no reader changes it for the next", () => {
    const { read } = counting();
    const page = read("p1@1", '{"title":"Launch","tags":["a"]}');
    expect(() => page.tags.push("b")).toThrow(TypeError);
    expect(() => Object.assign(page, { title: "Changed" })).toThrow(TypeError);
  });

  it("keeps the most recent rows only", () => {
    const { calls, read } = counting();
    read("a@1", '{"title":"A","tags":[]}');
    read("b@1", '{"title":"B","tags":[]}');
    read("c@1", '{"title":"C","tags":[]}');
    read("c@1", '{"title":"C","tags":[]}');
    read("a@1", '{"title":"A","tags":[]}');
    expect(calls.map((json) => (JSON.parse(json) as { title: string }).title)).toEqual(["A", "B", "C", "A"]);
  });
});
