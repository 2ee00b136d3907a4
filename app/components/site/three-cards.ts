import type { Locale } from "#content/locales.ts";

/**
 * Where a row of three cards (the home page's offers and articles) begins, and the width its images
 * are drawn at (`sizes`): from 768 px, but 1024 px in Tamil, whose card titles' long words
 * ("விரிவாக்கத்துக்குத்", 11 em) need a wider column than a third of 768 px; below that the cards
 * stand one above another. Literal classes, for Tailwind to find.
 */
export const THREE_CARDS: Record<Locale, { grid: string; sizes: string }> = {
  en: { grid: "md:grid-cols-3", sizes: "(min-width: 768px) 33vw, 100vw" },
  si: { grid: "md:grid-cols-3", sizes: "(min-width: 768px) 33vw, 100vw" },
  ta: { grid: "lg:grid-cols-3", sizes: "(min-width: 1024px) 33vw, 100vw" },
};
