import { CircleAlert } from "#app/components/site/icons/circle-alert.ts";
import { LoaderCircle } from "#app/components/site/icons/loader-circle.ts";
import { Send } from "#app/components/site/icons/send.ts";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import {
  CONTACT_MESSAGE_LIMITS,
  HONEYPOT_FIELD,
  SENT_FROM_FIELDS,
  type ContactField,
  type ContactFieldErrors,
} from "#content/contact-fields.ts";
import type { VariantName } from "#content/landing-pages.ts";
import { localePath } from "#content/locales.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import type { loader as rootLoader } from "../../root";

export interface ContactFormState {
  formError?: string;
  fieldErrors?: ContactFieldErrors;
  values?: Partial<Record<ContactField, string>>;
}

const control =
  "mt-2 block w-full rounded-xl border-0 bg-white/[0.07] px-4 py-3 text-white ring-1 ring-white/15 transition placeholder:text-slate-400 hover:ring-white/25 focus:bg-white/10 focus:ring-2 focus:ring-brand-400 focus:outline-none aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-400 disabled:cursor-not-allowed disabled:opacity-60";

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: ContactField;
  label: string;
  hint?: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={`contact-${name}`}
        className="flex items-baseline justify-between gap-3 text-sm font-medium text-slate-100"
      >
        {label}
        {hint ? <span className="text-xs font-normal text-slate-400">{hint}</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`contact-${name}-error`} className="mt-2 flex items-start gap-1.5 text-sm text-rose-300">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Send us a message": a plain form post to this page's action, so it works
 * without JavaScript; with it, the button reads "Sending..." until the
 * thank-you page opens. Fields keep what was typed when something is wrong;
 * the errors come from the action, in the page's language.
 */
export function ContactForm({
  state,
  from,
}: {
  state: ContactFormState | undefined;
  /** The team page whose contact block it is, and the variant it shows: the message is counted there (issue 42). */
  from?: { page: string; variant?: VariantName | undefined } | undefined;
}) {
  const navigation = useNavigation();
  const action = localePath(useLocale(), "/contact");
  const { contactForm: text } = useMessages();
  // An admin's preview of unsaved edits (decision 010) sends no real message: the form is turned off.
  const preview = useRouteLoaderData<typeof rootLoader>("root")?.preview != null;
  const sending =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction === action;
  const errors = state?.fieldErrors ?? {};
  const values = state?.values ?? {};
  const invalid = (name: ContactField) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `contact-${name}-error` } : {};

  return (
    <section aria-labelledby="contact-form-title" className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 sm:p-8">
      <h2 id="contact-form-title" className="text-2xl font-semibold text-white">
        {text.title}
      </h2>
      <p className="mt-2 text-sm text-slate-300">{text.intro}</p>
      {preview ? (
        <p className="mt-4 rounded-xl bg-amber-400/15 px-4 py-3 text-sm text-amber-100 ring-1 ring-amber-300/40">
          {text.previewNote}
        </p>
      ) : null}
      <Form method="post" action={action} className="mt-6" aria-busy={sending}>
        <fieldset disabled={preview} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field name="name" label={text.name} error={errors.name}>
              <input
                id="contact-name"
                name="name"
                type="text"
                required
                maxLength={CONTACT_MESSAGE_LIMITS.name}
                autoComplete="name"
                defaultValue={values.name}
                className={control}
                {...invalid("name")}
              />
            </Field>
            <Field name="email" label={text.email} error={errors.email}>
              <input
                id="contact-email"
                name="email"
                type="email"
                required
                maxLength={CONTACT_MESSAGE_LIMITS.email}
                autoComplete="email"
                defaultValue={values.email}
                className={control}
                {...invalid("email")}
              />
            </Field>
          </div>
          <Field name="company" label={text.company} hint={text.optional} error={errors.company}>
            <input
              id="contact-company"
              name="company"
              type="text"
              maxLength={CONTACT_MESSAGE_LIMITS.company}
              autoComplete="organization"
              defaultValue={values.company}
              className={control}
              {...invalid("company")}
            />
          </Field>
          <Field name="message" label={text.message} error={errors.message}>
            <textarea
              id="contact-message"
              name="message"
              required
              rows={6}
              maxLength={CONTACT_MESSAGE_LIMITS.message}
              defaultValue={values.message}
              className={`${control} min-h-36 resize-y`}
              {...invalid("message")}
            />
          </Field>
          {from ? <input type="hidden" name={SENT_FROM_FIELDS.page} value={from.page} /> : null}
          {from?.variant ? <input type="hidden" name={SENT_FROM_FIELDS.variant} value={from.variant} /> : null}
          {/* Honeypot: invisible to people and assistive technology; bots that fill every field give themselves away. */}
          <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
            <label htmlFor={`contact-${HONEYPOT_FIELD}`}>{text.honeypot}</label>
            <input
              id={`contact-${HONEYPOT_FIELD}`}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          {state?.formError ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-100 ring-1 ring-rose-400/40"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-300" />
              {state.formError}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sending}
            className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-rose-600 px-6 py-3.5 font-semibold text-white shadow-lg shadow-rose-950/30 transition hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-300 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
          >
            {sending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : (
              <Send aria-hidden="true" className="size-4" />
            )}
            {sending ? text.sending : text.send}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
