import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorsUnder, hasErrorsUnder, schemaErrors } from "./field-errors.ts";

describe("schemaErrors", () => {
  const schema = z.object({
    title: z.string().min(1, "Enter a title."),
    tags: z.array(z.string().max(3, "Too long.")),
  });

  it("is empty for a valid value", () => {
    expect(schemaErrors(schema, { title: "Tea", tags: ["new"] })).toEqual({});
  });

  it("keys the first message of each problem by its dotted path", () => {
    expect(schemaErrors(schema, { title: "", tags: ["ok", "toolong"] })).toEqual({
      title: "Enter a title.",
      "tags.1": "Too long.",
    });
  });
});

describe("errorsUnder / hasErrorsUnder", () => {
  const errors = {
    title: "Enter a title.",
    "team.1.name": "Enter a name.",
    "team.1.image": "Bad address.",
    "team.10.role": "Too long.",
  };

  it("keeps only the item's errors, keyed by the rest of the path", () => {
    expect(errorsUnder(errors, "team.1.")).toEqual({ name: "Enter a name.", image: "Bad address." });
    expect(errorsUnder(errors, "team.2.")).toEqual({});
  });

  it("tells whether an item has any error", () => {
    expect(hasErrorsUnder(errors, "team.10.")).toBe(true);
    expect(hasErrorsUnder(errors, "team.0.")).toBe(false);
  });
});
