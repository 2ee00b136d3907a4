import { useState } from "react";
import { LIMITS, partnersSchema, type Partner } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { EnglishOnly } from "../editor/english-only.tsx";
import { schemaErrors } from "../editor/field-errors.ts";
import { TextField } from "../editor/text-field.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";

const partnerSchema = partnersSchema.shape.partners.element;
type PartnerText = Pick<Partner, "name" | "description" | "logo" | "logoAlt" | "website">;

/**
 * "Edit Partner": edits a copy of the partner taken when the dialog opens;
 * Save Changes writes its fields back, Cancel, × or Esc discard them.
 * In another language only the description and the logo's alt text are shown (the rest is shared).
 */
export function PartnerDialog({
  partner,
  path,
  onSave,
  onClose,
}: {
  /** The partner being edited, or null when the dialog is closed. */
  partner: Partner | null;
  /** Where the partner is in the document (`partners.2`). */
  path: string;
  onSave: (fields: PartnerText) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={partner !== null} onOpenChange={(open) => !open && onClose()}>
      {partner && <PartnerForm partner={partner} path={path} onSave={onSave} />}
    </Dialog>
  );
}

function PartnerForm({
  partner,
  path,
  onSave,
}: {
  partner: Partner;
  path: string;
  onSave: (fields: PartnerText) => void;
}) {
  // The copy lives only here; the tab's draft changes on Save Changes.
  const [copy, setCopy] = useState<PartnerText>(() => ({
    name: partner.name,
    description: partner.description,
    logo: partner.logo,
    logoAlt: partner.logoAlt,
    website: partner.website,
  }));
  const errors = schemaErrors(partnerSchema, { ...partner, ...copy });
  const set = (patch: Partial<PartnerText>) => setCopy((current) => ({ ...current, ...patch }));

  return (
    <DialogContent
      title="Edit Partner"
      description="Changes apply to the draft when you press Save Changes."
      className="sm:max-w-xl"
    >
      <form
        className="grid gap-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(errors).length === 0) onSave(copy);
        }}
      >
        <EnglishOnly>
          <TextField
            label="Partner Name"
            value={copy.name}
            onChange={(name) => set({ name })}
            error={errors.name}
            maxLength={LIMITS.shortText}
          />
        </EnglishOnly>
        <TextField
          label="Description"
          path={`${path}.description`}
          value={copy.description}
          onChange={(description) => set({ description })}
          error={errors.description}
          maxLength={LIMITS.text}
          multiline
          rows={4}
        />
        <ImageUrlField
          label="Logo URL"
          fit="contain"
          value={copy.logo}
          onChange={(logo) => set({ logo })}
          error={errors.logo}
          alt={{
            path: `${path}.logoAlt`,
            value: copy.logoAlt,
            onChange: (logoAlt) => set({ logoAlt }),
            error: errors.logoAlt,
          }}
          hint="Upload an image, or type an https:// address or a site path such as /images/partners/acme.svg."
        />
        <EnglishOnly>
          <TextField
            label="Website URL"
            type="url"
            inputMode="url"
            value={copy.website}
            onChange={(website) => set({ website })}
            error={errors.website}
            placeholder="https://www.example.lk"
          />
        </EnglishOnly>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={Object.keys(errors).length > 0}>
            Save Changes
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
