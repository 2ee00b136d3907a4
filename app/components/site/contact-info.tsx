import { Globe } from "#app/components/site/icons/globe.ts";
import { Mail } from "#app/components/site/icons/mail.ts";
import { MapPin } from "#app/components/site/icons/map-pin.ts";
import { Phone } from "#app/components/site/icons/phone.ts";
import type { ReactNode } from "react";
import type { ContactContent } from "#content/schemas.ts";
import { useMessages } from "#app/lib/i18n.ts";

/** A website as typed by the admin ("www.example.lk" or a full URL) → a link address. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** A phone number as typed → a tel: address (digits and a leading +). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/25">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-300">{label}</p>
        <div className="mt-0.5 break-words text-white">{children}</div>
      </div>
    </li>
  );
}

const link =
  "rounded font-medium underline decoration-white/30 underline-offset-4 transition hover:text-brand-300 hover:decoration-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300";

/**
 * The "Contact Information" card from the Contact section; `addressLang`:
 * "en" while the address is shown in English on a page in another language.
 */
export function ContactInfo({ info, addressLang }: { info: ContactContent["info"]; addressLang: "en" | undefined }) {
  const { contact } = useMessages();
  return (
    <section aria-labelledby="contact-info-title" className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 sm:p-8">
      <h2 id="contact-info-title" className="text-2xl font-semibold text-white">
        {contact.infoTitle}
      </h2>
      <ul className="mt-6 space-y-6">
        {info.address ? (
          <Row icon={<MapPin aria-hidden="true" className="size-5" />} label={contact.address}>
            <address lang={addressLang} className="not-italic whitespace-pre-line">
              {info.address}
            </address>
          </Row>
        ) : null}
        {info.email ? (
          <Row icon={<Mail aria-hidden="true" className="size-5" />} label={contact.email}>
            <a href={`mailto:${info.email}`} className={link}>
              {info.email}
            </a>
          </Row>
        ) : null}
        {info.phone ? (
          <Row icon={<Phone aria-hidden="true" className="size-5" />} label={contact.phone}>
            <a href={phoneHref(info.phone)} className={link}>
              {info.phone}
            </a>
          </Row>
        ) : null}
        {info.website ? (
          <Row icon={<Globe aria-hidden="true" className="size-5" />} label={contact.website}>
            <a href={websiteHref(info.website)} target="_blank" rel="noopener noreferrer" className={link}>
              {info.website}
            </a>
          </Row>
        ) : null}
      </ul>
    </section>
  );
}
