import { CircleAlert } from "#app/components/site/icons/circle-alert.ts";
import { LoaderCircle } from "#app/components/site/icons/loader-circle.ts";
import { Send } from "#app/components/site/icons/send.ts";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { CHAT_LEAD_LIMITS, type ChatLeadField } from "#content/contact-fields.ts";
import type { LeadErrors, LeadFields } from "./use-handoff.ts";
import { useChatMessages } from "./chat-messages.ts";

const control =
  "mt-1 block w-full rounded-lg bg-white/10 px-3 py-2 text-sm text-white ring-1 ring-white/15 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-400";

/**
 * "Talk to the team" in the chat panel: name, email and an optional note, with
 * the Contact form's hidden honeypot. What was typed stays while the form is
 * open, whatever the server answers; Esc or "Cancel" closes it.
 */
export function HandoffForm({
  sending,
  errors,
  onSend,
  onCancel,
}: {
  sending: boolean;
  errors: LeadErrors;
  onSend: (fields: LeadFields) => void;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState<LeadFields>({ name: "", email: "", note: "", trap: "" });
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const fieldErrors = errors.fieldErrors ?? {};
  const { lead } = useChatMessages();

  useEffect(() => nameRef.current?.focus(), []);

  const set = (field: keyof LeadFields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [field]: value }));
  };
  const invalid = (field: ChatLeadField) =>
    fieldErrors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {};

  return (
    <form
      aria-labelledby={`${id}-title`}
      aria-busy={sending}
      className="max-h-[75%] shrink-0 overflow-y-auto border-t border-white/10 bg-brand-950/70 px-4 pt-3 pb-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(fields);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {lead.title}
      </h3>
      <p className="mt-0.5 text-xs text-slate-300">{lead.intro}</p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <LeadField id={id} field="name" label={lead.name} error={fieldErrors.name}>
          <input
            ref={nameRef}
            id={`${id}-name`}
            type="text"
            required
            maxLength={CHAT_LEAD_LIMITS.name}
            autoComplete="name"
            value={fields.name}
            onChange={set("name")}
            className={control}
            {...invalid("name")}
          />
        </LeadField>
        <LeadField id={id} field="email" label={lead.email} error={fieldErrors.email}>
          <input
            id={`${id}-email`}
            type="email"
            required
            maxLength={CHAT_LEAD_LIMITS.email}
            autoComplete="email"
            value={fields.email}
            onChange={set("email")}
            className={control}
            {...invalid("email")}
          />
        </LeadField>
      </div>
      <div className="mt-3">
        <LeadField id={id} field="note" label={lead.note} hint={lead.optional} error={fieldErrors.note}>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={CHAT_LEAD_LIMITS.note}
            value={fields.note}
            onChange={set("note")}
            placeholder={lead.notePlaceholder}
            className={`${control} resize-none`}
            {...invalid("note")}
          />
        </LeadField>
      </div>
      {/* Honeypot, as on the Contact form: invisible to people and assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={`${id}-trap`}>{lead.honeypot}</label>
        <input
          id={`${id}-trap`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={fields.trap}
          onChange={set("trap")}
        />
      </div>
      {errors.formError && (
        <p role="alert" className="mt-3 flex items-start gap-1.5 text-xs text-rose-200">
          <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0 text-rose-300" />
          {errors.formError}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          {lead.cancel}
        </button>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex items-center gap-1.5 rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white shadow transition hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-70 motion-reduce:transition-none"
        >
          {sending ? (
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {sending ? lead.sending : lead.send}
        </button>
      </div>
    </form>
  );
}

function LeadField({
  id,
  field,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  field: ChatLeadField;
  label: string;
  hint?: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label
        htmlFor={`${id}-${field}`}
        className="flex items-baseline justify-between gap-2 text-xs font-medium text-slate-100"
      >
        {label}
        {hint && <span className="font-normal text-slate-400">{hint}</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-${field}-error`} className="mt-1 text-xs text-rose-200">
          {error}
        </p>
      )}
    </div>
  );
}
