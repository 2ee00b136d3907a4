import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PendingButton } from "./pending-button.tsx";

const icon = <svg data-icon="upload" aria-hidden="true" />;
const render = (pending: boolean, extra: { disabled?: boolean; pendingLabel?: string } = {}) =>
  renderToStaticMarkup(
    <PendingButton pending={pending} pendingLabel="Saving..." icon={icon} {...extra}>
      Save
    </PendingButton>,
  );
/** The button's text, tags left out: what its accessible name is made of (every icon is aria-hidden). */
const text = (html: string) => html.replace(/<[^>]*>/g, "");

describe("PendingButton", () => {
  it("at rest: its icon and label, enabled, not busy", () => {
    const html = render(false);
    expect(text(html)).toBe("Save");
    expect(html).toContain('data-icon="upload"');
    expect(html).not.toContain('disabled=""');
    expect(html).not.toContain("aria-busy");
    expect(html).not.toContain("animate-spin");
  });

  it("while pending: the spinner in place of the icon, the pending label, disabled and busy", () => {
    const html = render(true);
    expect(text(html)).toBe("Saving...");
    expect(html).not.toContain('data-icon="upload"');
    expect(html).toMatch(/<svg[^>]*class="[^"]*animate-spin[^"]*motion-reduce:animate-none/);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html).toMatch(/^<button[^>]* disabled=""/);
    expect(html).toContain('aria-busy="true"');
  });

  it("keeps its label while pending when it has no pending label", () => {
    const html = renderToStaticMarkup(<PendingButton pending>Save details</PendingButton>);
    expect(text(html)).toBe("Save details");
    expect(html).toContain("animate-spin");
  });

  it("is disabled for its own reasons too, and is a plain button unless told otherwise", () => {
    const html = render(false, { disabled: true });
    expect(html).toMatch(/^<button type="button"[^>]* disabled=""/);
    expect(html).not.toContain("aria-busy");
    expect(
      renderToStaticMarkup(
        <PendingButton pending={false} type="submit">
          Go
        </PendingButton>,
      ),
    ).toMatch(/^<button type="submit"/);
  });
});
