import { ContactForm } from "../contact-form.tsx";
import type { BlockProps } from "./types.ts";

/**
 * The site's contact form, sent to the Contact page's action (a refusal shows there, with what
 * was typed), saying which page and variant it was sent from: the lead is counted there. `id="contact"`: a button's `#contact` scrolls to it.
 */
export function ContactBlock({ sources }: BlockProps<"contact">) {
  return (
    <section id="contact" className="mx-auto max-w-3xl scroll-mt-20 px-4 py-10 sm:px-6 sm:py-16">
      <ContactForm state={undefined} from={sources.sentFrom} />
    </section>
  );
}
