import { useId, useState } from "react";
import { ChevronDown, Users } from "lucide-react";
import { LIMITS, type AboutContent } from "#content/schemas.ts";
import { newTeamMember, newValue, type TeamMember } from "#content/rules.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { FieldErrors, SectionEditorProps } from "../editor-types.ts";
import { EnglishOnly } from "../editor/english-only.tsx";
import { errorsUnder } from "../editor/field-errors.ts";
import { isPreviewableImage } from "../editor/image-preview.tsx";
import { ListSection } from "../editor/list-section.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { PageIntroSection } from "../editor/page-intro-section.tsx";
import { RemoveButton } from "../editor/remove-button.tsx";
import { TextField } from "../editor/text-field.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import { ItemProgressMarks } from "../editor/item-progress-marks.tsx";
import { shownText, useTranslating } from "../editor/translating.ts";

/** docs/product.md §2 About tab: page texts, company story and mission, values, team members. */
export function AboutTab({ value, onChange, errors }: SectionEditorProps<AboutContent>) {
  const set = (patch: Partial<AboutContent>) => onChange({ ...value, ...patch });
  // Which team members show their fields; indices into value.team.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());

  const addMember = () => {
    setExpanded(new Set([...expanded, value.team.length]));
    set({ team: [...value.team, newTeamMember()] });
  };
  const removeMember = (index: number) => {
    setExpanded(new Set([...expanded].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
    set({ team: removeAt(value.team, index) });
  };
  const toggleMember = (index: number) => {
    const next = new Set(expanded);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setExpanded(next);
  };

  return (
    <div className="grid gap-6">
      <PageIntroSection
        value={value}
        errors={errors}
        onChange={set}
        description="The heading, introduction, story and mission of the About Us page."
        subtitleRows={2}
      >
        <TextField
          label="Company Story"
          path="story"
          hint="Separate paragraphs with an empty line."
          value={value.story}
          onChange={(story) => set({ story })}
          error={errors.story}
          maxLength={LIMITS.longText}
          multiline
          rows={10}
        />
        <TextField
          label="Mission Statement"
          path="mission"
          hint="Shown in the “Our Mission” card."
          value={value.mission}
          onChange={(mission) => set({ mission })}
          error={errors.mission}
          maxLength={LIMITS.text}
          multiline
          rows={3}
        />
      </PageIntroSection>

      <ListSection
        title="Values"
        description="The principles shown as cards on the About Us page."
        addLabel="Add Value"
        onAdd={() => set({ values: [...value.values, newValue()] })}
        error={errors.values}
        empty={value.values.length === 0}
        emptyMessage="No values yet. Click “Add Value” to add one."
      >
        <ol className="grid gap-4 md:grid-cols-2">
          {value.values.map((item, index) => (
            <li
              key={index}
              aria-label={`Value ${index + 1}`}
              className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50/70 p-4"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">Value {index + 1}</span>
                <RemoveButton
                  label={`Remove value ${index + 1}${item.title ? ` (${item.title})` : ""}`}
                  onClick={() => set({ values: removeAt(value.values, index) })}
                  withText
                />
              </div>
              <TextField
                label="Title"
                path={`values.${index}.title`}
                value={item.title}
                onChange={(title) => set({ values: patchAt(value.values, index, { title }) })}
                error={errors[`values.${index}.title`]}
                maxLength={LIMITS.shortText}
              />
              <TextField
                label="Description"
                path={`values.${index}.description`}
                value={item.description}
                onChange={(description) => set({ values: patchAt(value.values, index, { description }) })}
                error={errors[`values.${index}.description`]}
                maxLength={LIMITS.text}
                multiline
                rows={3}
              />
            </li>
          ))}
        </ol>
      </ListSection>

      <ListSection
        title="Team Members"
        description="The “Our Team” section of the About Us page appears once there is at least one member."
        addLabel="Add Team Member"
        onAdd={addMember}
        error={errors.team}
        empty={value.team.length === 0}
        emptyMessage='No team members added yet. Click "Add Team Member" to get started.'
        emptyIcon={Users}
      >
        <ol className="grid gap-3">
          {value.team.map((member, index) => (
            <TeamMemberCard
              key={index}
              index={index}
              member={member}
              errors={errorsUnder(errors, `team.${index}.`)}
              open={expanded.has(index)}
              onToggle={() => toggleMember(index)}
              onChange={(patch) => set({ team: patchAt(value.team, index, patch) })}
              onRemove={() => removeMember(index)}
            />
          ))}
        </ol>
      </ListSection>
    </div>
  );
}

function TeamMemberCard({
  index,
  member,
  errors,
  open,
  onToggle,
  onChange,
  onRemove,
}: {
  index: number;
  member: TeamMember;
  errors: FieldErrors;
  open: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<TeamMember>) => void;
  onRemove: () => void;
}) {
  const panelId = useId();
  const translating = useTranslating();
  const name = member.name.trim() || `Team member ${index + 1}`;
  const role = shownText(translating, `team.${index}.role`, member.role);
  const problems = Object.keys(errors).length;
  return (
    <li aria-label={name} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center gap-3 p-3 sm:p-4">
        {isPreviewableImage(member.image) ? (
          <img
            src={member.image}
            alt=""
            className="size-11 shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span aria-hidden="true" className="size-11 shrink-0 rounded-full bg-slate-100 ring-1 ring-slate-200" />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p lang={role.lang} className="truncate text-sm text-slate-600">
            {role.text.trim() || "No role yet"}
          </p>
        </div>
        <ItemProgressMarks path={`team.${index}`} item={member} />
        {problems > 0 && !open && <Badge variant="destructive">Needs attention</Badge>}
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${open ? "Collapse" : "Expand"} ${name}`}
          onClick={onToggle}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("transition-transform motion-reduce:transition-none", open && "rotate-180")}
          />
        </Button>
        <RemoveButton label={`Remove ${name}`} onClick={onRemove} />
      </div>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-slate-50/70 p-4">
        {open && (
          <div className="grid gap-5 sm:grid-cols-2">
            <EnglishOnly>
              <TextField
                label="Name"
                value={member.name}
                onChange={(v) => onChange({ name: v })}
                error={errors.name}
                maxLength={LIMITS.shortText}
              />
            </EnglishOnly>
            <TextField
              label="Role"
              path={`team.${index}.role`}
              value={member.role}
              onChange={(v) => onChange({ role: v })}
              error={errors.role}
              maxLength={LIMITS.shortText}
            />
            <ImageUrlField
              label="Image URL"
              className="sm:col-span-2"
              value={member.image}
              onChange={(v) => onChange({ image: v })}
              error={errors.image}
              alt={{
                path: `team.${index}.imageAlt`,
                value: member.imageAlt,
                onChange: (imageAlt) => onChange({ imageAlt }),
                error: errors.imageAlt,
              }}
              hint="Upload a photo, or type an https:// address or a site path such as /images/team/anna.jpg."
            />
            <TextField
              label="Short Description"
              path={`team.${index}.description`}
              className="sm:col-span-2"
              value={member.description}
              onChange={(v) => onChange({ description: v })}
              error={errors.description}
              maxLength={LIMITS.text}
              multiline
              rows={3}
            />
          </div>
        )}
      </div>
    </li>
  );
}
