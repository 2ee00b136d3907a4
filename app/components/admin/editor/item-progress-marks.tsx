import { Badge } from "#app/components/ui/badge.tsx";
import { itemProgress, useTranslating } from "./translating.ts";

/** A card's marks in another language: how many of its item's texts are not translated, or outdated. */
export function ItemProgressMarks({ path, item }: { path: string; item: unknown }) {
  const { missing, stale } = itemProgress(useTranslating(), path, item);
  if (missing === 0 && stale === 0) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {missing > 0 && <Badge variant="secondary">{missing} not translated</Badge>}
      {stale > 0 && <Badge variant="warning">{stale} English changed</Badge>}
    </span>
  );
}
