import { useState } from "react";
import { Eye, EyeOff, Globe, ImageOff, Pencil } from "lucide-react";
import type { Partner, PartnersContent } from "#content/schemas.ts";
import { newPartnerDefaults, renumber, sortByPlacement } from "#content/rules.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import type { SectionEditorProps } from "../editor-types.ts";
import { errorsUnder } from "../editor/field-errors.ts";
import { isPreviewableImage } from "../editor/image-preview.tsx";
import { ItemProgressMarks } from "../editor/item-progress-marks.tsx";
import { ListSection } from "../editor/list-section.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { PageIntroSection } from "../editor/page-intro-section.tsx";
import { RemoveButton } from "../editor/remove-button.tsx";
import { shownText, useTranslating } from "../editor/translating.ts";
import { PartnerDialog } from "./partner-dialog.tsx";

const displayName = (partner: Partner) => partner.name.trim() || "Untitled Partner";
/** docs/product.md §3: anything not explicitly false is visible. */
const isVisible = (partner: Partner) => partner.showInHomepage !== false;

/**
 * docs/product.md §2 Partners tab: page texts and the partner cards, in placement order,
 * with move, drag, delete, homepage toggle and the "Edit Partner" dialog. In
 * another language the cards keep their order and open "Edit Partner" with
 * the description only (names, logos, links and visibility are shared).
 */
export function PartnersTab({ value, onChange, errors }: SectionEditorProps<PartnersContent>) {
  const translating = useTranslating();
  const [editing, setEditing] = useState<number | null>(null);
  // Shown in placement order; once reordered the array order is the placement order.
  const partners = sortByPlacement(value.partners);
  const set = (patch: Partial<PartnersContent>) => onChange({ ...value, ...patch });
  const setPartners = (next: Partner[]) => set({ partners: next });
  const update = (index: number, patch: Partial<Partner>) => setPartners(patchAt(partners, index, patch));
  // Error paths index value.partners; match them to the shown order.
  const pathOf = (shown: Partner) => `partners.${value.partners.indexOf(shown)}`;
  const errorsFor = (shown: Partner) => errorsUnder(errors, `${pathOf(shown)}.`);
  const editingPartner = editing === null ? null : (partners[editing] ?? null);

  return (
    <div className="grid gap-6">
      <PageIntroSection
        value={value}
        errors={errors}
        onChange={set}
        description="The heading and introduction of the Partners page."
      />

      <ListSection
        title="Partners"
        description={
          translating ? (
            "Click Edit on a card to translate its description and its logo's alt text."
          ) : (
            <>
              Drag a card by its handle or use the arrows to change the order. Partners with a logo that are visible on
              the homepage appear in the “Trusted by Industry Leaders” strip.
            </>
          )
        }
        addLabel="Add Partner"
        addVariant="default"
        onAdd={() => {
          const next = [...partners, newPartnerDefaults(partners)];
          setPartners(next);
          setEditing(next.length - 1);
        }}
        error={errors.partners}
        empty={partners.length === 0}
        emptyMessage="No partners yet. Click “Add Partner” to add the first one."
      >
        {translating ? (
          <ul aria-label="Partners" className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3">
            {partners.map((partner, index) => (
              <li
                key={partner.placementId}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
              >
                <PartnerCard
                  partner={partner}
                  path={pathOf(partner)}
                  problems={Object.values(errorsFor(partner))}
                  onOpen={() => setEditing(index)}
                  onToggle={() => update(index, { showInHomepage: !isVisible(partner) })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <SortableList
            label="Partners"
            layout="grid"
            className="sm:grid-cols-2 xl:grid-cols-2 2xl:grid-cols-3"
            items={partners}
            onReorder={setPartners}
            itemLabel={(partner) => displayName(partner)}
            renderActions={(partner, index) => (
              <RemoveButton
                label={`Delete ${displayName(partner)}`}
                className="size-8"
                onClick={() => {
                  setEditing(null);
                  setPartners(renumber(removeAt(partners, index)));
                }}
              />
            )}
            renderItem={(partner, index) => (
              <PartnerCard
                partner={partner}
                path={pathOf(partner)}
                problems={Object.values(errorsFor(partner))}
                onOpen={() => setEditing(index)}
                onToggle={() => update(index, { showInHomepage: !isVisible(partner) })}
              />
            )}
          />
        )}
      </ListSection>

      <PartnerDialog
        partner={editingPartner}
        path={editingPartner ? pathOf(editingPartner) : ""}
        onClose={() => setEditing(null)}
        onSave={(fields) => {
          if (editing !== null) update(editing, fields);
          setEditing(null);
        }}
      />
    </div>
  );
}

function PartnerCard({
  partner,
  path,
  problems,
  onOpen,
  onToggle,
}: {
  partner: Partner;
  /** Where the partner is in the document (`partners.2`). */
  path: string;
  problems: string[];
  onOpen: () => void;
  onToggle: () => void;
}) {
  const translating = useTranslating();
  const name = displayName(partner);
  const description = shownText(translating, `${path}.description`, partner.description);
  const visible = isVisible(partner);
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  return (
    <div className="flex h-full flex-col gap-4 p-4">
      {/* The whole card opens the editor for pointer users; the Edit button below does it for keyboards. */}
      <div className="flex min-w-0 flex-1 cursor-pointer gap-4" onClick={onOpen}>
        <div className="flex h-14 w-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          {isPreviewableImage(partner.logo) && failedLogo !== partner.logo ? (
            <img
              src={partner.logo}
              alt={`${name} logo`}
              className="max-h-full max-w-full object-contain p-1.5"
              onError={() => setFailedLogo(partner.logo)}
            />
          ) : (
            <ImageOff className="size-5 text-slate-400" aria-label={`${name}: no logo`} />
          )}
        </div>
        <div className="grid min-w-0 flex-1 content-start gap-1">
          <h4 className={partner.name.trim() ? "font-semibold text-slate-900" : "font-semibold italic text-slate-500"}>
            {name}
          </h4>
          {description.text.trim() && (
            <p lang={description.lang} className="line-clamp-3 text-sm text-slate-600">
              {description.text}
            </p>
          )}
          {partner.website.trim() && (
            <p className="flex min-w-0 items-center gap-1.5 text-sm text-brand-700">
              <Globe className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{partner.website}</span>
            </p>
          )}
        </div>
      </div>
      {problems.length > 0 && (
        <ul
          className="grid gap-1 rounded-lg bg-red-50 px-3 py-2 text-xs font-medium text-red-800"
          aria-label={`Problems with ${name}`}
        >
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        {translating ? (
          <ItemProgressMarks path={path} item={partner} />
        ) : (
          <Badge variant={visible ? "success" : "secondary"}>
            {visible ? <Eye className="size-3" aria-hidden="true" /> : <EyeOff className="size-3" aria-hidden="true" />}
            {visible ? "Visible on homepage" : "Hidden from homepage"}
          </Badge>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {!translating && (
            <Button variant="outline" size="sm" onClick={onToggle}>
              {visible ? "Hide from homepage" : "Show on homepage"}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={onOpen} aria-label={`Edit ${name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        </div>
      </div>
    </div>
  );
}
