import { data, redirect } from "react-router";
import { localePath } from "#content/locales.ts";
import { readPageDocument } from "#app/lib/content.server.ts";
import { useMessages } from "#app/lib/i18n.ts";
import { serverMessagesFor } from "#app/lib/i18n.server.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { FIXED_PAGE_CONTENT } from "#content/page-content.ts";
import { PageHeader } from "#app/components/site/page-header.tsx";
import { ContactForm } from "#app/components/site/contact-form.tsx";
import { ContactInfo } from "#app/components/site/contact-info.tsx";
import { ContactMap } from "#app/components/site/contact-map.tsx";
import { langOf } from "#app/components/site/text-lang.ts";
import {
  contactMap,
  DATABASE_RETRY_AFTER_S,
  isDatabaseUnavailable,
  readContactForm,
  refusalIn,
  sentFrom,
  submitContactMessage,
  typedValues,
  warnDatabaseUnavailable,
} from "./contact.server.ts";
import type { Route } from "./+types/contact";

export const handle: LiveHandle = FIXED_PAGE_CONTENT["/contact"];

export async function loader({ context }: Route.LoaderArgs) {
  const { data: contact, english } = await readPageDocument(context, "contact");
  return {
    title: contact.title,
    subtitle: contact.subtitle,
    info: contact.info,
    english,
    map: contactMap(contact),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const input = await readContactForm(request);
  if (!input) {
    return data(
      { formError: serverMessagesFor(context.locale).contactForm.errors.tooLarge, fieldErrors: {}, values: {} },
      { status: 413 },
    );
  }
  let result: Awaited<ReturnType<typeof submitContactMessage>>;
  try {
    result = await submitContactMessage(context.deps, input, {
      ip: context.clientIp,
      userAgent: request.headers.get("user-agent"),
      origin: new URL(request.url).origin,
      // Sent from a team page's contact block: counted as that page's (and variant's) lead.
      ...sentFrom(input),
    });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Nothing was stored: the visitor keeps what they typed and is asked to send it again shortly.
    warnDatabaseUnavailable(context.deps.logger, error);
    return data(
      {
        formError: serverMessagesFor(context.locale).contactForm.errors.unavailable,
        fieldErrors: {},
        values: typedValues(input),
      },
      { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) } },
    );
  }
  if (result.ok) return redirect(localePath(context.locale, "/done"));
  const headers: HeadersInit =
    result.reason === "rate-limited" ? { "Retry-After": String(result.retryAfterSeconds) } : {};
  return data(
    { ...refusalIn(result, input, context.locale), values: typedValues(input) },
    { status: result.status, headers },
  );
}

/** A refusal's Retry-After (sent too often, or the database did not answer) reaches the browser with the page. */
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.subtitle, path: "/contact" }, siteOf(matches))
    : [];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { title, subtitle, info, english, map } = loaderData;
  const { contact } = useMessages();
  return (
    <div id="contact" className="mx-auto max-w-6xl px-5 py-16 sm:py-24">
      <PageHeader title={title} subtitle={subtitle} english={english} />
      <div className="mt-14 grid grid-cols-1 items-start gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ContactForm state={actionData} />
        </div>
        <div className="lg:col-span-2">
          <ContactInfo info={info} addressLang={langOf(english, "info.address")} />
        </div>
      </div>
      <section aria-labelledby="find-us-title" className="mt-16">
        <h2 id="find-us-title" className="text-2xl font-semibold text-white sm:text-3xl">
          {contact.findUs}
        </h2>
        <div className="mt-6">
          <ContactMap map={map} />
        </div>
      </section>
    </div>
  );
}
