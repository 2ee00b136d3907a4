import type { z } from "zod";
import {
  aboutSchema,
  aiSettingsSchema,
  blogSchema,
  contactSchema,
  homeSchema,
  legalSchema,
  partnersSchema,
  servicesSchema,
} from "./schemas.ts";
import {
  defaultAbout,
  defaultAiSettings,
  defaultBlog,
  defaultContact,
  defaultHome,
  defaultPartners,
  defaultPrivacyPolicy,
  defaultServices,
  defaultTermsConditions,
} from "./defaults.ts";

/**
 * The registry of stored documents: the eight content sections of spec §3 and
 * the AI settings. Everything that lists, validates, stores or labels a
 * document reads this table.
 */
export const documents = {
  home: { label: "Home", schema: homeSchema, defaults: defaultHome, public: true },
  services: { label: "Services", schema: servicesSchema, defaults: defaultServices, public: true },
  blog: { label: "Blog", schema: blogSchema, defaults: defaultBlog, public: true },
  partners: { label: "Partners", schema: partnersSchema, defaults: defaultPartners, public: true },
  about: { label: "About", schema: aboutSchema, defaults: defaultAbout, public: true },
  contact: { label: "Contact", schema: contactSchema, defaults: defaultContact, public: true },
  "privacy-policy": { label: "Privacy Policy", schema: legalSchema, defaults: defaultPrivacyPolicy, public: true },
  "terms-conditions": { label: "Terms & Conditions", schema: legalSchema, defaults: defaultTermsConditions, public: true },
  "ai-settings": { label: "AI settings", schema: aiSettingsSchema, defaults: defaultAiSettings, public: false },
} as const;

export type DocumentKey = keyof typeof documents;
export type DocumentOf<K extends DocumentKey> = z.infer<(typeof documents)[K]["schema"]>;

export const sectionKeys = [
  "home",
  "services",
  "blog",
  "partners",
  "about",
  "contact",
  "privacy-policy",
  "terms-conditions",
] as const satisfies readonly DocumentKey[];
export type SectionKey = (typeof sectionKeys)[number];

export const AI_SETTINGS_KEY = "ai-settings" satisfies DocumentKey;

export function isDocumentKey(key: string): key is DocumentKey {
  return Object.hasOwn(documents, key);
}

export function isSectionKey(key: string): key is SectionKey {
  return (sectionKeys as readonly string[]).includes(key);
}
