import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormAlert } from "./form-alert.tsx";

describe("FormAlert", () => {
  it("says what went wrong as an alert, as a line under the form unless told otherwise", () => {
    expect(renderToStaticMarkup(<FormAlert>Enter your password.</FormAlert>)).toBe(
      '<div role="alert" class="text-sm font-medium text-red-700">Enter your password.</div>',
    );
  });

  it("takes the room its look gives it, and more classes from where it stands", () => {
    const box = renderToStaticMarkup(<FormAlert look="box">Could not load the invitations.</FormAlert>);
    expect(box).toContain("rounded-lg bg-red-50");
    const panel = renderToStaticMarkup(
      <FormAlert look="panel" className="flex gap-3">
        <p>Could not load the posts.</p>
      </FormAlert>,
    );
    expect(panel).toMatch(
      /^<div role="alert" class="rounded-xl [^"]* flex gap-3"><p>Could not load the posts.<\/p><\/div>$/,
    );
  });
});
