import { useId, useState } from "react";
import { LOCALES, type Locale, isTranslated } from "#content/locales.ts";
import { postState } from "#content/post-status.ts";
import type { BlogPost } from "#content/schemas.ts";
import { wallTime } from "#content/time-zone.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { useSiteTimeZone } from "../data/site-time-zone.ts";
import {
  choosePublishing,
  defaultSchedule,
  describeTimeZone,
  formatPublishTime,
  scheduleAt,
  type PublishingChoice,
} from "./publishing.ts";

const CHOICES: { value: PublishingChoice; label: string }[] = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled" },
];

/**
 * Whether and when the post is public: a draft (admins only), published, or
 * scheduled for a date and time on the site's clock (SITE_TIMEZONE). Saving
 * the post is what applies the choice. In another language (`locale`), the
 * choice is that language's own: a post may be live in English and a draft
 * in Sinhala.
 */
export function PublishingField({
  post,
  locale = "en",
  subject = "post",
  onChange,
}: {
  post: Pick<BlogPost, "status" | "publishAt">;
  locale?: Locale;
  /** What is published: a post (on the blog) or a team page (at its own address, issue 42). */
  subject?: "post" | "page";
  onChange: (patch: Partial<BlogPost>) => void;
}) {
  const timeZone = useSiteTimeZone();
  // The post says where it stands; the one thing it cannot say is "scheduled" for a time that has
  // passed while the dialog was open (or was typed so), which stays chosen until changed.
  const [chosen, setChosen] = useState<PublishingChoice | null>(null);
  const choice = chosen === "scheduled" && post.status === "published" && post.publishAt ? chosen : postState(post);
  // What is typed, kept as typed while it is the post's time (a half-typed time is not a time yet).
  const [typed, setTyped] = useState<{ date: string; time: string; basis: string | undefined } | null>(null);
  const when =
    typed && typed.basis === post.publishAt
      ? typed
      : post.publishAt
        ? wallTime(post.publishAt, timeZone)
        : defaultSchedule(new Date(), timeZone);
  const name = useId();

  function choose(next: PublishingChoice) {
    setChosen(next);
    setTyped(null);
    onChange(choosePublishing(post, next, timeZone));
  }

  function type(next: { date: string; time: string }) {
    const patch = scheduleAt(next, timeZone);
    setTyped({ ...next, basis: patch?.publishAt ?? post.publishAt });
    if (patch) onChange(patch);
  }

  const passed = choice === "scheduled" && post.publishAt && Date.parse(post.publishAt) <= Date.now();
  const { htmlLang, nativeName } = LOCALES[locale];
  const language = !isTranslated(locale) ? null : <span lang={htmlLang}>{nativeName}</span>;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-900">Status{language && <> in {language}</>}</legend>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map(({ value, label }) => (
          <label
            key={value}
            className={cn(
              "relative inline-flex cursor-pointer items-center rounded-full border px-4 py-1.5 text-sm font-medium transition-colors",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-1",
              choice === value
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => choose(value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {label}
          </label>
        ))}
      </div>
      {choice === "scheduled" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Publish date" className="content-start">
            {(props) => (
              <Input
                {...props}
                type="date"
                value={when.date}
                onChange={(event) => type({ ...when, date: event.target.value })}
              />
            )}
          </Field>
          <Field
            label="Publish time"
            className="content-start"
            hint={`On the site's clock: ${describeTimeZone(timeZone)}.`}
          >
            {(props) => (
              <Input
                {...props}
                type="time"
                value={when.time}
                onChange={(event) => type({ ...when, time: event.target.value })}
              />
            )}
          </Field>
        </div>
      )}
      <p className="text-sm text-slate-600" role="status">
        {choice === "draft" &&
          (subject === "page" ? (
            language ? (
              <>Only admins can see a draft: visitors do not see this page in {language}. English is not affected.</>
            ) : (
              "Only admins can see a draft. Visitors and search engines cannot."
            )
          ) : language ? (
            <>
              Only admins can see a draft: the {language} blog, its feed and search engines do not show this post in{" "}
              {language}. English is not affected.
            </>
          ) : (
            "Only admins can see a draft. Visitors, search engines and the feed cannot."
          ))}
        {choice === "published" &&
          (subject === "page" ? (
            language ? (
              <>Visible in {language} at its address once saved.</>
            ) : (
              "Visible at its address once saved."
            )
          ) : language ? (
            <>Visible on the {language} blog once saved.</>
          ) : (
            "Visible on the blog once saved."
          ))}
        {choice === "scheduled" &&
          (passed
            ? `That time has passed: the ${subject} goes live as soon as you save.`
            : post.publishAt
              ? `Goes live on ${formatPublishTime(post.publishAt, timeZone)} by itself: nobody needs to be signed in.`
              : "Choose a date and a time.")}
      </p>
    </fieldset>
  );
}
