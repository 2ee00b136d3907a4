import { Suspense } from "react";
import { later } from "#app/lib/later.ts";
import type { BlockProps } from "./types.ts";

/**
 * The form's code arrives after the page's own (about 2 KiB gzip, with its icons and limits): the
 * server draws the form whole, it posts without any script, and React takes it over once its code
 * is there, leaving what the server drew in place meanwhile (no shift). A team page's initial
 * JavaScript stays within the site's 125 KiB.
 */
const form = later(() => import("../contact-form.tsx"));
const ContactForm = form("ContactForm");

/** Loads the form's code now (./registry.ts `loadLaterBlocks`, before a client-side navigation draws the block). */
export const loadContactForm = () => form.load().then(() => undefined);

/**
 * The site's contact form, sent to the Contact page's action (a refusal shows there, with what
 * was typed), saying which page and variant it was sent from: the lead is counted there.
 * `id="contact"`: a button's `#contact` scrolls to it.
 */
export function ContactBlock({ sources }: BlockProps<"contact">) {
  return (
    <section id="contact" className="mx-auto max-w-3xl scroll-mt-20 px-4 py-10 sm:px-6 sm:py-16">
      <Suspense fallback={<div className="min-h-[40rem]" />}>
        <ContactForm state={undefined} from={sources.sentFrom} />
      </Suspense>
    </section>
  );
}
