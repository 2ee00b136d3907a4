import { newFeature, type ClientLogo, type HomeFeature } from "#content/rules.ts";
import type { HomeContent } from "#content/schemas.ts";
import { cn } from "#app/components/ui/cn.ts";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { SectionEditorProps } from "../editor-types.ts";
import { AiButton } from "../editor/ai-button.tsx";
import { EditorSection } from "../editor/editor-section.tsx";
import { EnglishOnly } from "../editor/english-only.tsx";
import { ImagePreview } from "../editor/image-preview.tsx";
import { ImageUrlField, UseAltField } from "../editor/image-url-field.tsx";
import { ItemCard } from "../editor/item-card.tsx";
import { ListSection } from "../editor/list-section.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { TextField } from "../editor/text-field.tsx";
import { shownText, useTranslating } from "../editor/translating.ts";

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
  const translating = useTranslating();
  const hero = value.hero;
  const set = (patch: Partial<HomeContent>) => onChange({ ...value, ...patch });
  const setHero = (patch: Partial<HomeContent["hero"]>) => set({ hero: { ...hero, ...patch } });
  const setFeature = (index: number, patch: Partial<HomeFeature>) =>
    set({ features: patchAt(value.features, index, patch) });
  const setLogo = (index: number, patch: Partial<ClientLogo>) =>
    set({ clientLogos: patchAt(value.clientLogos, index, patch) });
  const preset = CTA_PRESETS.find((option) => option.value === hero.ctaColor.trim())?.value ?? "";

  return (
    <div className="grid gap-6">
      <EditorSection title="Hero" description="The first thing visitors see on the home page.">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Title"
            path="hero.title"
            className="md:col-span-2"
            value={hero.title}
            onChange={(title) => setHero({ title })}
            error={errors["hero.title"]}
          />
          <TextField
            label="Subtitle"
            path="hero.subtitle"
            className="md:col-span-2"
            value={hero.subtitle}
            onChange={(subtitle) => setHero({ subtitle })}
            error={errors["hero.subtitle"]}
            multiline
            rows={3}
          />
          <TextField
            label="CTA Button Text"
            path="hero.cta"
            value={hero.cta}
            onChange={(cta) => setHero({ cta })}
            error={errors["hero.cta"]}
          />
          <EnglishOnly>
            <TextField
              label="CTA URL"
              hint="#contact scrolls to a section; /page or https://… opens in a new window."
              value={hero.ctaUrl}
              onChange={(ctaUrl) => setHero({ ctaUrl })}
              error={errors["hero.ctaUrl"]}
            />
            <Field label="CTA Color preset">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={preset}
                  onChange={(e) => e.target.value && setHero({ ctaColor: e.target.value })}
                >
                  <option value="">Custom</option>
                  {CTA_PRESETS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <TextField
              label="CTA Color (class names)"
              value={hero.ctaColor}
              onChange={(ctaColor) => setHero({ ctaColor })}
              error={errors["hero.ctaColor"]}
              spellCheck={false}
            />
            <div className="flex items-center gap-3 md:col-span-2">
              <span className="text-sm text-slate-600">Preview:</span>
              <span
                className={cn(
                  "rounded-lg bg-rose-600 px-5 py-2 text-sm font-semibold text-white shadow-sm",
                  hero.ctaColor,
                )}
              >
                {hero.cta || "Get Started"}
              </span>
            </div>
          </EnglishOnly>
        </div>
      </EditorSection>

      <ListSection
        title="Features"
        description="The “What We Offer” cards."
        addLabel="Add Feature"
        onAdd={() => set({ features: [...value.features, newFeature()] })}
        empty={value.features.length === 0}
        emptyMessage="No features yet. Click “Add Feature” to add one."
      >
        <ul aria-label="Features" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {value.features.map((feature, index) => {
            const title = shownText(translating, `features.${index}.title`, feature.title).text;
            return (
              <ItemCard
                key={index}
                title={`Feature ${index + 1}${title ? `: ${title}` : ""}`}
                removeLabel={`Remove feature ${index + 1}`}
                onRemove={() => set({ features: removeAt(value.features, index) })}
              >
                <TextField
                  label="Title"
                  path={`features.${index}.title`}
                  value={feature.title}
                  onChange={(title) => setFeature(index, { title })}
                  error={errors[`features.${index}.title`]}
                />
                <FeatureDescription
                  feature={feature}
                  path={`features.${index}.description`}
                  error={errors[`features.${index}.description`]}
                  onChange={(description) => setFeature(index, { description })}
                />
                <ImageUrlField
                  label="Image URL"
                  value={feature.image}
                  onChange={(image) => setFeature(index, { image })}
                  error={errors[`features.${index}.image`]}
                  alt={{
                    path: `features.${index}.imageAlt`,
                    value: feature.imageAlt,
                    onChange: (imageAlt) => setFeature(index, { imageAlt }),
                    error: errors[`features.${index}.imageAlt`],
                  }}
                />
              </ItemCard>
            );
          })}
        </ul>
      </ListSection>

      {/* In another language only the logos' own alt texts are translated; a list without one has nothing to show. */}
      {(!translating ||
        value.clientLogos.some((_, index) => translating.texts.has(`clientLogos.${index}.logoAlt`))) && (
        <ListSection
          title="Client Logos (used when no partners are listed)"
          description="The logo strip shows your partners; these logos appear only when the partners list is empty."
          addLabel="Add Client Logo"
          onAdd={() => set({ clientLogos: [...value.clientLogos, newClientLogo()] })}
          empty={value.clientLogos.length === 0}
          emptyMessage="No client logos."
        >
          <ul aria-label="Client logos" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {value.clientLogos.map((logo, index) => (
              <ItemCard
                key={index}
                title={logo.name || `Client logo ${index + 1}`}
                removeLabel={`Remove client logo ${index + 1}`}
                onRemove={() => set({ clientLogos: removeAt(value.clientLogos, index) })}
              >
                <EnglishOnly>
                  <TextField
                    label="Name"
                    value={logo.name}
                    onChange={(name) => setLogo(index, { name })}
                    error={errors[`clientLogos.${index}.name`]}
                  />
                  <div className="flex items-start gap-3">
                    <TextField
                      label="Logo URL"
                      className="flex-1"
                      value={logo.logo}
                      onChange={(url) => setLogo(index, { logo: url })}
                      error={errors[`clientLogos.${index}.logo`]}
                    />
                    <ImagePreview
                      src={logo.logo}
                      valid={!errors[`clientLogos.${index}.logo`]}
                      className="mt-6 object-contain p-1"
                    />
                  </div>
                </EnglishOnly>
                {(logo.logo.trim() !== "" || logo.logoAlt) && (
                  <UseAltField
                    alt={{
                      path: `clientLogos.${index}.logoAlt`,
                      value: logo.logoAlt,
                      onChange: (logoAlt) => setLogo(index, { logoAlt }),
                      error: errors[`clientLogos.${index}.logoAlt`],
                    }}
                  />
                )}
                <EnglishOnly>
                  <TextField
                    label="Website"
                    value={logo.website}
                    onChange={(website) => setLogo(index, { website })}
                    error={errors[`clientLogos.${index}.website`]}
                  />
                </EnglishOnly>
              </ItemCard>
            ))}
          </ul>
        </ListSection>
      )}
    </div>
  );
}

/**
 * A feature's description with its "Generate with AI" button (a failure is
 * logged only); in another language, its translation.
 */
function FeatureDescription({
  feature,
  path,
  error,
  onChange,
}: {
  feature: HomeFeature;
  path: string;
  error: string | undefined;
  onChange: (description: string) => void;
}) {
  const translating = useTranslating();
  if (translating) {
    return (
      <TextField
        label="Description"
        path={path}
        value={feature.description}
        onChange={onChange}
        error={error}
        multiline
        rows={3}
      />
    );
  }
  return (
    <Field label="Description" error={error}>
      {(props) => (
        <div className="grid gap-2">
          <Textarea {...props} rows={3} value={feature.description} onChange={(e) => onChange(e.target.value)} />
          {/* Trimmed: a blank feature title keeps the button disabled. */}
          <AiButton
            task="feature-description"
            title={feature.title.trim()}
            onDraft={({ text }) => onChange(text)}
            size="sm"
            className="justify-self-start"
          />
        </div>
      )}
    </Field>
  );
}
