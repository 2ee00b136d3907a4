import type { LandingPageInput } from "#content/landing-page-schema.ts";

/** The team page's address (in Sinhala and Tamil under /si and /ta). */
export declare const TEAM_PAGE: string;

type Texts = {
  heading: string;
  text: string;
  button: string;
  features: [string, string][];
  quote: string;
  stat: string;
  question: string;
  answer: string;
  cta: string;
  /** Variant B's own hero and call to action. */
  b: { heading: string; text: string; button: string; cta: string };
};

/** The page's texts in each language, variant B's under `b`. */
export declare const TEAM_PAGE_TEXTS: Record<"en" | "si" | "ta", Texts>;

/** The page as the API is sent it in `locale` (English: POST; a translation: PUT ?locale=). */
export declare function teamPageData(
  locale: "en" | "si" | "ta",
  options?: { variantB?: boolean },
): LandingPageInput & { status: "published" };

/** Makes the team page on the site at `base` as `admin`, with its translations; its id. */
export declare function seedTeamPage(
  base: string,
  admin: { email: string; password: string },
  options?: { variantB?: boolean },
): Promise<string>;
