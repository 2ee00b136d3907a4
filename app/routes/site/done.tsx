import { CircleCheck } from "#app/components/site/icons/circle-check.ts";
import { House } from "#app/components/site/icons/house.ts";
import { Phone } from "#app/components/site/icons/phone.ts";
import { Link } from "react-router";
import { format } from "#content/i18n/format.ts";
import { localePath } from "#content/locales.ts";
import { readDocument } from "#app/lib/content.server.ts";
import { messagesOf, useLocale, useMessages } from "#app/lib/i18n.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { FIXED_PAGE_CONTENT } from "#content/page-content.ts";
import { phoneHref } from "#app/components/site/contact-info.tsx";
import type { Route } from "./+types/done";

export const handle: LiveHandle = FIXED_PAGE_CONTENT["/done"];

export async function loader({ context }: Route.LoaderArgs) {
  const contact = await readDocument(context, "contact");
  return { phone: contact.info.phone, email: contact.info.email };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const done = messagesOf(matches)?.done;
  return seoMeta(
    { title: done?.metaTitle ?? "", description: done?.metaDescription ?? "", path: "/done" },
    siteOf(matches),
  );
};

export default function Done({ loaderData }: Route.ComponentProps) {
  const { phone, email } = loaderData;
  const locale = useLocale();
  const { done } = useMessages();
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-2xl items-center px-5 py-16 sm:py-24">
      <div className="w-full rounded-2xl bg-white/5 px-6 py-12 text-center ring-1 ring-white/10 sm:px-12">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-400/15 ring-1 ring-emerald-300/30">
          <CircleCheck aria-hidden="true" className="size-9 text-emerald-300" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">{done.title}</h1>
        <p className="mt-4 text-lg text-pretty text-slate-200">{done.thanks}</p>
        <p className="mt-2 text-pretty text-slate-300">{done.reply}</p>
        <Link
          to={localePath(locale, "/")}
          className="mt-8 inline-flex items-center gap-2 rounded-xl bg-rose-600 px-6 py-3 font-semibold text-white shadow-lg shadow-rose-950/30 transition hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-300"
        >
          <House aria-hidden="true" className="size-4" />
          {done.home}
        </Link>
        {phone ? (
          <p className="mt-8 border-t border-white/10 pt-6 text-sm text-slate-300">
            <Phone aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px] text-brand-300" />
            {format(done.callUs, {
              phone: (
                <a
                  key="phone"
                  href={phoneHref(phone)}
                  className="whitespace-nowrap font-semibold text-white underline decoration-white/30 underline-offset-4 hover:decoration-white"
                >
                  {phone}
                </a>
              ),
            })}
          </p>
        ) : email ? (
          <p className="mt-8 border-t border-white/10 pt-6 text-sm text-slate-300">
            {format(done.emailUs, {
              email: (
                <a
                  key="email"
                  href={`mailto:${email}`}
                  className="font-semibold text-white underline decoration-white/30 underline-offset-4 hover:decoration-white"
                >
                  {email}
                </a>
              ),
            })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
