import { localePath } from "#content/locales.ts";
import { data, redirect } from "react-router";
import { readDocument } from "#app/lib/content.server.ts";
import { seoMeta, siteOf } from "#app/lib/seo.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import { PageHeader } from "#app/components/site/page-header.tsx";
import { ContactForm } from "#app/components/site/contact-form.tsx";
import { ContactInfo } from "#app/components/site/contact-info.tsx";
import { ContactMap } from "#app/components/site/contact-map.tsx";
import { contactMap, readContactForm, submitContactMessage, typedValues } from "./contact.server.ts";
import type { Route } from "./+types/contact";

export const handle: LiveHandle = { documents: ["contact"] };

export async function loader({ context }: Route.LoaderArgs) {
  const contact = await readDocument(context, "contact");
  return { title: contact.title, subtitle: contact.subtitle, info: contact.info, map: contactMap(contact) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const input = await readContactForm(request);
  if (!input) {
    return data(
      { formError: "Your message is too long to send. Please shorten it and try again.", fieldErrors: {}, values: {} },
      { status: 413 },
    );
  }
  const result = await submitContactMessage(context.deps, input, {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
    origin: new URL(request.url).origin,
    locale: context.locale,
  });
  if (result.ok) return redirect(localePath(context.locale, "/done"));
  const headers: HeadersInit =
    result.reason === "rate-limited" ? { "Retry-After": String(result.retryAfterSeconds) } : {};
  return data(
    { formError: result.formError, fieldErrors: result.fieldErrors, values: typedValues(input) },
    { status: result.status, headers },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.subtitle, path: "/contact" }, siteOf(matches))
    : [];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { title, subtitle, info, map } = loaderData;
  return (
    <div id="contact" className="mx-auto max-w-6xl px-5 py-16 sm:py-24">
      <PageHeader title={title} subtitle={subtitle} />
      <div className="mt-14 grid grid-cols-1 items-start gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ContactForm state={actionData} />
        </div>
        <div className="lg:col-span-2">
          <ContactInfo info={info} />
        </div>
      </div>
      <section aria-labelledby="find-us-title" className="mt-16">
        <h2 id="find-us-title" className="text-2xl font-semibold text-white sm:text-3xl">
          Find Us
        </h2>
        <div className="mt-6">
          <ContactMap map={map} />
        </div>
      </section>
    </div>
  );
}
