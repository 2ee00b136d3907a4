import type { Context } from "hono";
import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { textFields, translationFrom, type BuiltInTexts, type TextOwner, type Translation } from "#content/localize.ts";
import type { AppBindings, SignedInUser } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";

/** A language as messages name it, in its own script ("සිංහල"). */
export const languageName = (locale: TranslatedLocale) => LOCALES[locale].label;

/**
 * What a save in another language sends: the texts, as the editor shows them in the English shape
 * (each kept with the English text of `englishVersion` it was shown against, those in `confirmed`
 * marked still correct), or a past version of the translation to restore as it was.
 */
export type TranslationSubmit =
  | { data: unknown; englishVersion?: number | undefined; confirmed?: readonly string[] | undefined }
  | { restore: unknown };

/** Why a save is refused, as the route answers it: the status, the message, and what else it says. */
export interface Refusal {
  status: 400 | 404 | 409;
  error: string;
  details?: Record<string, unknown>;
}

/** A check of what was sent: what it gives, or the 400's message and the fields at fault. */
export type Checked<T> =
  { ok: true; value: T } | { ok: false; message: string; issues: readonly { path: string; message: string }[] };

/** A write of the kind's store: done, a conflict (someone saved first), or refused for a reason of the kind's. */
export type Written = { ok: true } | { ok: false; conflict: true } | { ok: false; refusal: Refusal };

/**
 * A kind of record saved in other languages (a document, a post): what the one translation save
 * asks of it. `Id` names a record, `Current` is the record and its translation as read before the
 * save, `Sent` what a save's data gives once checked, `Save` what the kind's store writes, and
 * `Answer` the translation as the API answers it. A kind is written beside its routes
 * (server/content/translation-kind.ts, server/posts/translation-kind.ts); the rule of what each text
 * becomes is content/localize.ts `translationFrom`, the same for all.
 */
export interface TranslatedKind<Id, Current, Sent, Save, Answer extends { updatedBy: string | null }> {
  /** Whose texts they are, for the translation engine (content/translatable.ts). */
  owner(id: Id): TextOwner;
  /** How a message names the record's texts ("Services"; "a post (its texts are …)"). */
  textsOf(id: Id): string;
  /** How the conflict message names the translation ("Services (සිංහල)", "This post in Sinhala"). */
  named(id: Id, locale: TranslatedLocale): string;
  /** The record in `locale` as stored, or undefined: there is none (404). */
  read(id: Id, locale: TranslatedLocale): Promise<Current | undefined>;
  /** The 404's message. */
  notFound: string;
  /**
   * The English the editor showed: at `version`, or as stored now (`version` undefined), in the shape
   * `owner`'s texts are read from; undefined when that version is not kept.
   */
  english(id: Id, current: Current, version: number | undefined): Promise<unknown>;
  /** The data sent, checked: the texts in the English shape (`texts`) and what else the kind keeps. */
  check(id: Id, data: unknown, current: Current, user: SignedInUser | null): Checked<Sent & { texts: unknown }>;
  /** The translation stored now (none yet: no texts), and the texts the site ships in the language. */
  previous(current: Current): Translation;
  builtIn?(id: Id, locale: TranslatedLocale): BuiltInTexts;
  /** What is written for the texts `translation` and the rest of what was sent. */
  compose(translation: Translation, sent: Sent, user: SignedInUser | null): Save;
  /** A past version as it is written back, checked by today's rules. */
  restore(past: unknown, user: SignedInUser | null): Checked<Save>;
  write(
    id: Id,
    locale: TranslatedLocale,
    save: Save,
    base: number,
    user: SignedInUser | null,
    restoredFrom: number | undefined,
  ): Promise<Written>;
  /** The translation as the API answers it, or undefined when the record is gone. */
  answer(id: Id, locale: TranslatedLocale): Promise<Answer | undefined>;
  /**
   * Version `version` of the translation as the page would have read it (that version's texts over
   * today's English), or undefined when it is not kept.
   */
  revision(id: Id, locale: TranslatedLocale, version: number): Promise<object | undefined>;
}

export type TranslationSaved<Answer> = { ok: true; answer: Answer } | ({ ok: false } & Refusal);

const refuse = (status: Refusal["status"], error: string, details?: Record<string, unknown>) =>
  ({ ok: false, status, error, ...(details && { details }) }) as const;

/**
 * The one save of a translation, behind every route that takes one (`PUT /api/content/:key?locale=`,
 * `PUT /api/posts/:id?locale=`, and their restores): checks what was sent, pairs each text with the
 * English it translates (`translationFrom`), writes it over version `base` (0: the first) through the
 * kind's store and the records service (server/records/records.ts, which versions and announces it),
 * and answers the translation as read back, or why not (400, 404, or 409 with the current one).
 */
export async function saveTranslation<Id, Current, Sent, Save, Answer extends { updatedBy: string | null }>(
  kind: TranslatedKind<Id, Current, Sent, Save, Answer>,
  id: Id,
  locale: TranslatedLocale,
  base: number,
  submit: TranslationSubmit,
  user: SignedInUser | null,
  restoredFrom?: number,
): Promise<TranslationSaved<Answer>> {
  const current = await kind.read(id, locale);
  if (current === undefined) return refuse(404, kind.notFound);
  let save: Save;
  if ("data" in submit) {
    const sent = kind.check(id, submit.data, current, user);
    if (!sent.ok) return refuse(400, sent.message, { issues: sent.issues });
    const seen = await kind.english(id, current, submit.englishVersion);
    if (seen === undefined) return refuse(400, "englishVersion names no version of the English text.");
    const owner = kind.owner(id);
    const confirmed = new Set(submit.confirmed);
    const paths = new Set(textFields(owner, seen).map((field) => field.path));
    const unknown = [...confirmed].find((path) => !paths.has(path));
    if (unknown !== undefined) return refuse(400, `confirmed: "${unknown}" is not a text of ${kind.textsOf(id)}.`);
    const previous = kind.previous(current);
    const translation = translationFrom(owner, seen, sent.value.texts, previous, kind.builtIn?.(id, locale), confirmed);
    save = kind.compose(translation, sent.value, user);
  } else {
    const past = kind.restore(submit.restore, user);
    if (!past.ok) return refuse(400, past.message, { issues: past.issues });
    save = past.value;
  }
  const written = await kind.write(id, locale, save, base, user, restoredFrom);
  if (!written.ok && "refusal" in written) return { ok: false, ...written.refusal };
  const now = await kind.answer(id, locale);
  if (now === undefined) return refuse(404, kind.notFound);
  if (!written.ok) {
    const by = now.updatedBy ?? "someone else";
    return refuse(409, `${kind.named(id, locale)} was changed by ${by} since you opened it.`, { current: now });
  }
  return { ok: true, answer: now };
}

/**
 * `saveTranslation` as a route answers it, by the signed-in user: the translation, or the refusal
 * as `{error, …}` with its status.
 */
export async function translationSaveResponse<
  Deps,
  Id,
  Current,
  Sent,
  Save,
  Answer extends { updatedBy: string | null },
>(
  c: Context<AppBindings<Deps>>,
  kind: TranslatedKind<Id, Current, Sent, Save, Answer>,
  save: { id: Id; locale: TranslatedLocale; base: number; submit: TranslationSubmit; restoredFrom?: number },
) {
  const { id, locale, base, submit, restoredFrom } = save;
  const saved = await saveTranslation(kind, id, locale, base, submit, c.var.user, restoredFrom);
  return saved.ok ? c.json(saved.answer as object) : jsonError(c, saved.status, saved.error, saved.details);
}
