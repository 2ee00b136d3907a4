import { useState } from "react";
import { ImageOff } from "lucide-react";
import { LIMITS, partnersSchema, type Partner } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { TextField } from "./text-field.tsx";
import { isPreviewableImage } from "./update.ts";

const partnerSchema = partnersSchema.shape.partners.element;
type PartnerText = Pick<Partner, "name" | "description" | "logo" | "website">;

function problems(copy: PartnerText, base: Partner): FieldErrors {
  const result = partnerSchema.safeParse({ ...base, ...copy });
  const out: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

/**
 * "Edit Partner": edits a copy of the partner taken when the dialog opens;
 * Save Changes writes the four fields back, Cancel, × or Esc discard them.
 */
export function PartnerDialog({
  partner,
  onSave,
  onClose,
}: {
  /** The partner being edited, or null when the dialog is closed. */
  partner: Partner | null;
  onSave: (fields: PartnerText) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={partner !== null} onOpenChange={(open) => !open && onClose()}>
      {partner && <PartnerForm partner={partner} onSave={onSave} />}
    </Dialog>
  );
}

function PartnerForm({ partner, onSave }: { partner: Partner; onSave: (fields: PartnerText) => void }) {
  // The copy lives only here; the tab's draft changes on Save Changes.
  const [copy, setCopy] = useState<PartnerText>(() => ({
    name: partner.name,
    description: partner.description,
    logo: partner.logo,
    website: partner.website,
  }));
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const errors = problems(copy, partner);
  const set = (patch: Partial<PartnerText>) => setCopy((current) => ({ ...current, ...patch }));

  return (
    <DialogContent title="Edit Partner" description="Changes apply to the draft when you press Save Changes." className="sm:max-w-xl">
      <form
        className="grid gap-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(errors).length === 0) onSave(copy);
        }}
      >
        <TextField label="Partner Name" value={copy.name} onChange={(name) => set({ name })} error={errors.name} maxLength={LIMITS.shortText} />
        <TextField
          label="Description"
          value={copy.description}
          onChange={(description) => set({ description })}
          error={errors.description}
          maxLength={LIMITS.text}
          multiline
          rows={4}
        />
        <div className="grid grid-cols-[1fr_auto] items-start gap-4">
          <TextField
            label="Logo URL"
            value={copy.logo}
            onChange={(logo) => set({ logo })}
            error={errors.logo}
            hint="An https:// address or a site path such as /images/partners/acme.svg."
          />
          <div className="mt-6 flex size-16 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
            {isPreviewableImage(copy.logo) && failedLogo !== copy.logo ? (
              <img src={copy.logo} alt="Logo preview" className="max-h-full max-w-full object-contain p-1" onError={() => setFailedLogo(copy.logo)} />
            ) : (
              <ImageOff className="size-5 text-slate-400" aria-label="No logo to preview" />
            )}
          </div>
        </div>
        <TextField
          label="Website URL"
          type="url"
          inputMode="url"
          value={copy.website}
          onChange={(website) => set({ website })}
          error={errors.website}
          placeholder="https://www.example.lk"
        />
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
