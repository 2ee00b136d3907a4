import { useId, useState } from "react";
import { ChevronDown, Plus, Trash2, Users } from "lucide-react";
import { LIMITS, type AboutContent } from "#content/schemas.ts";
import { newTeamMember, newValue, type TeamMember } from "#content/rules.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { FieldErrors, SectionEditorProps } from "../editor-types.ts";
import { EditorSection } from "../b2/editor-section.tsx";
import { TextField } from "../b2/text-field.tsx";
import { ImageUrlField } from "../owner/image-url-field.tsx";
import { errorsUnder, isPreviewableImage, patchAt, removeAt } from "../b2/update.ts";

/** Spec §2 About tab: page texts, company story and mission, values, team members. */
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
      <EditorSection title="Page" description="The heading, introduction, story and mission of the About Us page.">
        <TextField label="Title" value={value.title} onChange={(title) => set({ title })} error={errors.title} maxLength={LIMITS.shortText} />
        <TextField
          label="Subtitle"
          value={value.subtitle}
          onChange={(subtitle) => set({ subtitle })}
          error={errors.subtitle}
          maxLength={LIMITS.text}
          multiline
          rows={2}
        />
        <TextField
          label="Company Story"
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
          hint="Shown in the “Our Mission” card."
          value={value.mission}
          onChange={(mission) => set({ mission })}
          error={errors.mission}
          maxLength={LIMITS.text}
          multiline
          rows={3}
        />
      </EditorSection>

      <EditorSection
        title="Values"
        description="The principles shown as cards on the About Us page."
        actions={
          <Button variant="outline" size="sm" onClick={() => set({ values: [...value.values, newValue()] })}>
            <Plus aria-hidden="true" />
            Add Value
          </Button>
        }
      >
        {errors.values && <p className="text-sm font-medium text-red-700">{errors.values}</p>}
        {value.values.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            No values yet. Click “Add Value” to add one.
          </p>
        ) : (
          <ol className="grid gap-4 md:grid-cols-2">
            {value.values.map((item, index) => (
              <li key={index} aria-label={`Value ${index + 1}`} className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50/70 p-4">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">Value {index + 1}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    aria-label={`Remove value ${index + 1}${item.title ? ` (${item.title})` : ""}`}
                    onClick={() => set({ values: removeAt(value.values, index) })}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </div>
                <TextField
                  label="Title"
                  value={item.title}
                  onChange={(title) => set({ values: patchAt(value.values, index, { title }) })}
                  error={errors[`values.${index}.title`]}
                  maxLength={LIMITS.shortText}
                />
                <TextField
                  label="Description"
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
        )}
      </EditorSection>

      <EditorSection
        title="Team Members"
        description="The “Our Team” section of the About Us page appears once there is at least one member."
        actions={
          <Button variant="outline" size="sm" onClick={addMember}>
            <Plus aria-hidden="true" />
            Add Team Member
          </Button>
        }
      >
        {errors.team && <p className="text-sm font-medium text-red-700">{errors.team}</p>}
        {value.team.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
            <Users className="size-6 text-slate-400" aria-hidden="true" />
            <p className="text-sm text-slate-600">No team members added yet. Click "Add Team Member" to get started.</p>
          </div>
        ) : (
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
        )}
      </EditorSection>
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
  const name = member.name.trim() || `Team member ${index + 1}`;
  const problems = Object.keys(errors).length;
  return (
    <li aria-label={name} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center gap-3 p-3 sm:p-4">
        {isPreviewableImage(member.image) ? (
          <img src={member.image} alt="" className="size-11 shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200" />
        ) : (
          <span aria-hidden="true" className="size-11 shrink-0 rounded-full bg-slate-100 ring-1 ring-slate-200" />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-600">{member.role.trim() || "No role yet"}</p>
        </div>
        {problems > 0 && !open && (
          <Badge variant="destructive">
            Needs attention
          </Badge>
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${open ? "Collapse" : "Expand"} ${name}`}
          onClick={onToggle}
        >
          <ChevronDown aria-hidden="true" className={cn("transition-transform motion-reduce:transition-none", open && "rotate-180")} />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-slate-50/70 p-4">
        {open && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Name" value={member.name} onChange={(v) => onChange({ name: v })} error={errors.name} maxLength={LIMITS.shortText} />
            <TextField label="Role" value={member.role} onChange={(v) => onChange({ role: v })} error={errors.role} maxLength={LIMITS.shortText} />
            <ImageUrlField
              label="Image URL"
              className="sm:col-span-2"
              value={member.image}
              onChange={(v) => onChange({ image: v })}
              error={errors.image}
              hint="Upload a photo, or type an https:// address or a site path such as /images/team/anna.jpg."
            />
            <TextField
              label="Short Description"
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
