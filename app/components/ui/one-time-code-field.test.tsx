import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OneTimeCodeField } from "./one-time-code-field.tsx";

describe("OneTimeCodeField", () => {
  it("asks for the app's code with the number pad and the keyboard's offered code, its error wired to it", () => {
    const html = renderToStaticMarkup(
      <OneTimeCodeField
        label="Code from your app"
        error="That code is not right."
        value="123"
        onValueChange={() => {}}
      />,
    );
    const input = /<input[^>]*>/.exec(html)![0];
    for (const expected of [
      'name="code"',
      'inputMode="numeric"',
      'autoComplete="one-time-code"',
      'maxLength="7"',
      'value="123"',
      'aria-invalid="true"',
    ])
      expect(input).toContain(expected);
    const id = /\sid="([^"]+)"/.exec(input)![1];
    expect(html).toContain(`for="${id}">Code from your app</label>`);
    expect(html).toContain(">That code is not right.</p>");
  });
});
