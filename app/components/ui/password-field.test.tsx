import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PasswordField } from "./password-field.tsx";

const inputOf = (html: string) => /<input[^>]*>/.exec(html)![0];
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

describe("PasswordField", () => {
  it("is a password input named by its label, for password managers", () => {
    const html = renderToStaticMarkup(
      <PasswordField label="Current password" autoComplete="current-password" value="" onValueChange={() => {}} />,
    );
    const input = inputOf(html);
    expect(attribute(input, "type")).toBe("password");
    expect(attribute(input, "autocomplete")).toBe("current-password");
    expect(html).toContain(`for="${attribute(input, "id")}">Current password</label>`);
  });

  it("wires its hint and error to the input and marks it invalid", () => {
    const html = renderToStaticMarkup(
      <PasswordField
        label="New password"
        hint="At least 8 characters."
        error="Use at least 8 characters."
        autoComplete="new-password"
        value="short"
        onValueChange={() => {}}
      />,
    );
    const input = inputOf(html);
    expect(attribute(input, "aria-invalid")).toBe("true");
    const [hintId, errorId] = attribute(input, "aria-describedby")!.split(" ");
    expect(html).toContain(`id="${hintId}" class="text-xs text-slate-600">At least 8 characters.</p>`);
    expect(html).toContain(`id="${errorId}" class="text-xs font-medium text-red-700">Use at least 8 characters.</p>`);
  });

  it("works uncontrolled in a form read by name", () => {
    const input = inputOf(
      renderToStaticMarkup(
        <PasswordField label="Repeat password" name="confirm" required minLength={8} autoComplete="new-password" />,
      ),
    );
    expect(attribute(input, "name")).toBe("confirm");
    expect(attribute(input, "minLength")).toBe("8");
    expect(input).toContain('required=""');
    expect(attribute(input, "value")).toBeUndefined();
  });
});
