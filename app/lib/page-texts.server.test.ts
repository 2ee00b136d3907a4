import { describe, expect, it } from "vitest";
import { byPlacement } from "./page-texts.server.ts";

describe("byPlacement", () => {
  const services = [
    { title: "C", placementId: 2 },
    { title: "A", placementId: 0 },
    { title: "B", placementId: 1 },
  ];

  it("sorts the items by placement and moves their English texts' paths along", () => {
    const sorted = byPlacement("services", services, [
      "title",
      "services.0.title",
      "services.1.features.3",
      "services.2.description",
    ]);
    expect(sorted.items.map((item) => item.title)).toEqual(["A", "B", "C"]);
    expect(sorted.english).toEqual(["title", "services.2.title", "services.0.features.3", "services.1.description"]);
  });

  it("leaves the paths of other lists, and of items it does not have, as they are", () => {
    const sorted = byPlacement("services", services, ["servicesX.0.title", "partners.0.name", "services.9.title"]);
    expect(sorted.english).toEqual(["servicesX.0.title", "partners.0.name", "services.9.title"]);
  });

  it("keeps items of the same placement in their order", () => {
    const same = [
      { title: "first", placementId: 1 },
      { title: "second", placementId: 1 },
    ];
    expect(byPlacement("partners", same, ["partners.1.description"])).toEqual({
      items: same,
      english: ["partners.1.description"],
    });
  });
});
