import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { later } from "./later.ts";

const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>;

describe("later", () => {
  it("lets the server draw a later component in place on its first render, without waiting for it", async () => {
    expect(import.meta.env.SSR).toBe(true);
    let loads = 0;
    const LaterGreeting = later(async () => {
      loads += 1;
      return { Greeting };
    })("Greeting");
    // The module is asked for when the component is made, before any render.
    expect(loads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // renderToString draws the fallback for whatever suspends: the component must not.
    const html = renderToString(
      <Suspense fallback={<p>Loading</p>}>
        <LaterGreeting name="Nadeesha" />
      </Suspense>,
    );
    expect(html).toContain("Hello, <!-- -->Nadeesha");
    expect(html).not.toContain("Loading");
    expect(loads).toBe(1);
  });
});
