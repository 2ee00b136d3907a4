import { LIMITS, type ContactContent } from "#content/schemas.ts";
import type { SectionEditorProps } from "../editor-types.ts";
import { EditorSection } from "../editor/editor-section.tsx";
import { EnglishOnly } from "../editor/english-only.tsx";
import { PageIntroSection } from "../editor/page-intro-section.tsx";
import { TextField } from "../editor/text-field.tsx";
import { MapEmbedPreview } from "./map-embed-preview.tsx";

type Info = ContactContent["info"];
type MapSettings = ContactContent["map"];

/** docs/product.md §2 Contact tab: page texts, contact information, the map embed with its live preview, legacy map settings. */
export function ContactTab({ value, onChange, errors }: SectionEditorProps<ContactContent>) {
  const set = (patch: Partial<ContactContent>) => onChange({ ...value, ...patch });
  const setInfo = (patch: Partial<Info>) => set({ info: { ...value.info, ...patch } });
  const setMap = (patch: Partial<MapSettings>) => set({ map: { ...value.map, ...patch } });

  return (
    <div className="grid gap-6">
      <PageIntroSection
        value={value}
        errors={errors}
        onChange={set}
        description="The heading and introduction of the Contact Us page."
      />

      <EditorSection
        title="Contact Information"
        description="Shown on the Contact Us page and in the footer of every page."
      >
        <TextField
          label="Address"
          path="info.address"
          value={value.info.address}
          onChange={(address) => setInfo({ address })}
          error={errors["info.address"]}
          maxLength={LIMITS.text}
          multiline
          rows={2}
        />
        <EnglishOnly>
          <div className="grid gap-5 md:grid-cols-3">
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              value={value.info.email}
              onChange={(email) => setInfo({ email })}
              error={errors["info.email"]}
            />
            <TextField
              label="Phone"
              type="tel"
              inputMode="tel"
              value={value.info.phone}
              onChange={(phone) => setInfo({ phone })}
              error={errors["info.phone"]}
            />
            <TextField
              label="Website"
              value={value.info.website}
              onChange={(website) => setInfo({ website })}
              error={errors["info.website"]}
              placeholder="www.example.lk"
            />
          </div>
        </EnglishOnly>
      </EditorSection>

      <EnglishOnly>
        <EditorSection
          title="Map"
          description="Shown under “Find Us”. In Google Maps choose Share → Embed a map and paste the HTML here; OpenStreetMap and Bing Maps embeds work too."
        >
          <div className="grid gap-5 lg:grid-cols-2">
            <TextField
              label="Map Embed Code"
              hint="Only the <iframe> from an allow-listed map site is kept; it is shown 100% wide and 450 px high."
              value={value.mapEmbed}
              onChange={(mapEmbed) => set({ mapEmbed })}
              error={errors.mapEmbed}
              maxLength={LIMITS.text}
              multiline
              mono
              rows={9}
              placeholder={'<iframe src="https://www.google.com/maps/embed?pb=…"></iframe>'}
            />
            <MapEmbedPreview code={value.mapEmbed} />
          </div>
        </EditorSection>

        <EditorSection
          title="Legacy map settings"
          description="Optional coordinates kept from the original site. Each may stay empty."
        >
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField
              label="Latitude"
              inputMode="decimal"
              value={value.map.lat}
              onChange={(lat) => setMap({ lat })}
              error={errors["map.lat"]}
              hint="From -90 to 90, e.g. 6.9271"
            />
            <TextField
              label="Longitude"
              inputMode="decimal"
              value={value.map.lng}
              onChange={(lng) => setMap({ lng })}
              error={errors["map.lng"]}
              hint="From -180 to 180, e.g. 79.8612"
            />
            <TextField
              label="Zoom level"
              inputMode="numeric"
              value={value.map.zoom}
              onChange={(zoom) => setMap({ zoom })}
              error={errors["map.zoom"]}
              hint="From 0 to 21, e.g. 10"
            />
          </div>
        </EditorSection>
      </EnglishOnly>
    </div>
  );
}
