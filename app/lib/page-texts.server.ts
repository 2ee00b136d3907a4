import { sortByPlacement } from "#content/rules.ts";

/**
 * The items of the list `name` of a document in placement order
 * (content/rules.ts `sortByPlacement`), with the paths in `english` (the texts
 * shown in English, readPageDocument) moved along with their items:
 * `services.3.title` becomes `services.0.title` when the fourth service
 * comes first, so `langOf` finds each text where the page shows it.
 */
export function byPlacement<T extends { placementId: number }>(
  name: string,
  items: readonly T[],
  english: readonly string[],
): { items: T[]; english: string[] } {
  const order = sortByPlacement(items.map((item, index) => ({ placementId: item.placementId, index })));
  const placeOf = new Map(order.map((entry, place) => [entry.index, place]));
  const itemPath = new RegExp(`^${name}\\.(\\d+)(?=\\.|$)`);
  return {
    items: order.map((entry) => items[entry.index]!),
    english: english.map((path) =>
      path.replace(itemPath, (whole, index: string) => {
        const place = placeOf.get(Number(index));
        return place === undefined ? whole : `${name}.${place}`;
      }),
    ),
  };
}
