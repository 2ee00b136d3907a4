import { Loader2, Plus, Sparkles } from "lucide-react";
import { useState } from "react";
import { newFeature, type ClientLogo, type HomeFeature } from "#content/rules.ts";
import type { HomeContent } from "#content/schemas.ts";
import { generateFeatureDescription } from "#app/lib/ai-client.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { SectionEditorProps } from "../editor-types.ts";
import { EditorGroup, ImagePreview, ItemCard } from "../item-card.tsx";
import { ImageUrlField } from "../owner/image-url-field.tsx";

/** Styles the hero button can take; any other class names may be typed. */
const CTA_PRESETS = [
  { label: "Rose", value: "bg-rose-600 hover:bg-rose-700" },
  { label: "Sky", value: "bg-sky-600 hover:bg-sky-700" },
  { label: "Blue", value: "bg-blue-600 hover:bg-blue-700" },
  { label: "Indigo", value: "bg-indigo-600 hover:bg-indigo-700" },
  { label: "Emerald", value: "bg-emerald-600 hover:bg-emerald-700" },
  { label: "Amber", value: "bg-amber-600 hover:bg-amber-700" },
  { label: "Violet", value: "bg-violet-600 hover:bg-violet-700" },
];

const newClientLogo = (): ClientLogo => ({ name: "", logo: "", website: "" });

export function HomeTab({ value, onChange, errors }: SectionEditorProps<HomeContent>) {
  const hero = value.hero;
  const setHero = (patch: Partial<HomeContent["hero"]>) => onChange({ ...value, hero: { ...hero, ...patch } });
  const setFeature = (index: number, patch: Partial<HomeFeature>) =>
    onChange({ ...value, features: value.features.map((feature, i) => (i === index ? { ...feature, ...patch } : feature)) });
  const setLogo = (index: number, patch: Partial<ClientLogo>) =>
    onChange({ ...value, clientLogos: value.clientLogos.map((logo, i) => (i === index ? { ...logo, ...patch } : logo)) });
  const preset = CTA_PRESETS.find((option) => option.value === hero.ctaColor.trim())?.value ?? "";

  return (
    <div className="grid grid-cols-1 gap-8">
      <EditorGroup title="Hero" description="The first thing visitors see on the home page.">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Title" error={errors["hero.title"]} className="md:col-span-2">
            {(props) => <Input {...props} value={hero.title} onChange={(e) => setHero({ title: e.target.value })} />}
          </Field>
          <Field label="Subtitle" error={errors["hero.subtitle"]} className="md:col-span-2">
            {(props) => <Textarea {...props} rows={3} value={hero.subtitle} onChange={(e) => setHero({ subtitle: e.target.value })} />}
          </Field>
          <Field label="CTA Button Text" error={errors["hero.cta"]}>
            {(props) => <Input {...props} value={hero.cta} onChange={(e) => setHero({ cta: e.target.value })} />}
          </Field>
          <Field label="CTA URL" error={errors["hero.ctaUrl"]} hint="#contact scrolls to a section; /page or https://… opens in a new window.">
            {(props) => <Input {...props} value={hero.ctaUrl} onChange={(e) => setHero({ ctaUrl: e.target.value })} />}
          </Field>
          <Field label="CTA Color preset">
            {(props) => (
              <NativeSelect {...props} value={preset} onChange={(e) => e.target.value && setHero({ ctaColor: e.target.value })}>
                <option value="">Custom</option>
                {CTA_PRESETS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="CTA Color (class names)" error={errors["hero.ctaColor"]}>
            {(props) => <Input {...props} value={hero.ctaColor} onChange={(e) => setHero({ ctaColor: e.target.value })} spellCheck={false} />}
          </Field>
          <div className="flex items-center gap-3 md:col-span-2">
            <span className="text-sm text-slate-600">Preview:</span>
            <span className={cn("rounded-lg bg-rose-600 px-5 py-2 text-sm font-semibold text-white shadow-sm", hero.ctaColor)}>
              {hero.cta || "Get Started"}
            </span>
          </div>
        </div>
      </EditorGroup>

      <EditorGroup
        title="Features"
        description="The “What We Offer” cards."
        actions={
          <Button variant="outline" size="sm" onClick={() => onChange({ ...value, features: [...value.features, newFeature()] })}>
            <Plus aria-hidden="true" />
            Add Feature
          </Button>
        }
      >
        {value.features.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No features yet. Click “Add Feature” to add one.</p>
        ) : (
          <ul aria-label="Features" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {value.features.map((feature, index) => (
              <ItemCard
                key={index}
                title={`Feature ${index + 1}${feature.title ? `: ${feature.title}` : ""}`}
                removeLabel={`Remove feature ${index + 1}`}
                onRemove={() => onChange({ ...value, features: value.features.filter((_, i) => i !== index) })}
              >
                <Field label="Title" error={errors[`features.${index}.title`]}>
                  {(props) => <Input {...props} value={feature.title} onChange={(e) => setFeature(index, { title: e.target.value })} />}
                </Field>
                <FeatureDescription
                  feature={feature}
                  error={errors[`features.${index}.description`]}
                  onChange={(description) => setFeature(index, { description })}
                />
                <ImageUrlField
                  label="Image URL"
                  value={feature.image}
                  onChange={(image) => setFeature(index, { image })}
                  error={errors[`features.${index}.image`]}
                />
              </ItemCard>
            ))}
          </ul>
        )}
      </EditorGroup>

      <EditorGroup
        title="Client Logos (used when no partners are listed)"
        description="The logo strip shows your partners; these logos appear only when the partners list is empty."
        actions={
          <Button variant="outline" size="sm" onClick={() => onChange({ ...value, clientLogos: [...value.clientLogos, newClientLogo()] })}>
            <Plus aria-hidden="true" />
            Add Client Logo
          </Button>
        }
      >
        {value.clientLogos.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No client logos.</p>
        ) : (
          <ul aria-label="Client logos" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {value.clientLogos.map((logo, index) => (
              <ItemCard
                key={index}
                title={logo.name || `Client logo ${index + 1}`}
                removeLabel={`Remove client logo ${index + 1}`}
                onRemove={() => onChange({ ...value, clientLogos: value.clientLogos.filter((_, i) => i !== index) })}
              >
                <Field label="Name" error={errors[`clientLogos.${index}.name`]}>
                  {(props) => <Input {...props} value={logo.name} onChange={(e) => setLogo(index, { name: e.target.value })} />}
                </Field>
                <div className="flex items-start gap-3">
                  <Field label="Logo URL" error={errors[`clientLogos.${index}.logo`]} className="min-w-0 flex-1">
                    {(props) => <Input {...props} value={logo.logo} onChange={(e) => setLogo(index, { logo: e.target.value })} />}
                  </Field>
                  <ImagePreview src={logo.logo} valid={!errors[`clientLogos.${index}.logo`]} className="mt-6 object-contain p-1" />
                </div>
                <Field label="Website" error={errors[`clientLogos.${index}.website`]}>
                  {(props) => <Input {...props} value={logo.website} onChange={(e) => setLogo(index, { website: e.target.value })} />}
                </Field>
              </ItemCard>
            ))}
          </ul>
        )}
      </EditorGroup>
    </div>
  );
}

/** A feature's description with its "Generate with AI" button (failures are logged only, spec §8). */
function FeatureDescription({ feature, error, onChange }: { feature: HomeFeature; error: string | undefined; onChange: (description: string) => void }) {
  const [generating, setGenerating] = useState(false);
  const title = feature.title.trim();

  async function generate() {
    setGenerating(true);
    try {
      onChange(await generateFeatureDescription(title));
    } catch (cause) {
      console.info("Feature description generation failed:", cause instanceof Error ? cause.message : cause);
    } finally {
      setGenerating(false);
    }
  }

  return (
    <Field label="Description" error={error}>
      {(props) => (
        <div className="grid gap-2">
          <Textarea {...props} rows={3} value={feature.description} onChange={(e) => onChange(e.target.value)} />
          <Button variant="secondary" size="sm" className="justify-self-start" disabled={generating || title === ""} onClick={() => void generate()}>
            {generating ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
            {generating ? "Generating..." : "Generate with AI"}
          </Button>
        </div>
      )}
    </Field>
  );
}
