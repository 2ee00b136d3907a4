import type { ReactNode } from "react";
import { useTranslating } from "./translating.ts";

/**
 * What is shared by every language (images, links, names, order, numbers,
 * switches): shown while the editor is in English, hidden while it
 * translates (the tab says once that these are edited in English).
 */
export function EnglishOnly({ children }: { children: ReactNode }) {
  const translating = useTranslating();
  return translating ? null : children;
}
