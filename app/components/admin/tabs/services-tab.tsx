import { useState } from "react";
import { newServiceDefaults, parseFeatureList, renumber, sortByPlacement, type ServiceItem } from "#content/rules.ts";
import type { ServicesContent } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import type { SectionEditorProps } from "../editor-types.ts";
import { AiButton } from "../editor/ai-button.tsx";
import { hasErrorsUnder } from "../editor/field-errors.ts";
import { ItemProgressMarks } from "../editor/item-progress-marks.tsx";
import { ListSection } from "../editor/list-section.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { PageIntroSection } from "../editor/page-intro-section.tsx";
import { RemoveButton } from "../editor/remove-button.tsx";
import { TextField } from "../editor/text-field.tsx";
import { shownText, useTranslating, type Translating } from "../editor/translating.ts";

const SHOWN_FEATURES = 3;
const serviceName = (service: ServiceItem) => service.title.trim() || "Untitled Service";

/** A service's name on its card: in another language, its English title until it is translated. */
const shownName = (translating: Translating | null, service: ServiceItem, path: string) =>
  shownText(translating, `${path}.title`, service.title).text.trim() || "Untitled Service";

/**
 * docs/product.md §2 Services tab. In another language the cards keep their
 * order (shared by every language) and open "Edit Service" with the
 * service's texts only, each feature a field of its own.
 */
export function ServicesTab({ value, onChange, errors }: SectionEditorProps<ServicesContent>) {
  const translating = useTranslating();
  const services = sortByPlacement(value.services);
  const [editing, setEditing] = useState<number | null>(null);
  const set = (patch: Partial<ServicesContent>) => onChange({ ...value, ...patch });
  const setServices = (next: ServiceItem[]) => set({ services: next });
  // Errors are keyed by the stored position; map them to the shown (sorted) order.
  const storedIndex = (item: ServiceItem) => value.services.indexOf(item);
  const pathOf = (item: ServiceItem) => `services.${storedIndex(item)}`;
  const editingService = editing === null ? null : (services[editing] ?? null);

  function add() {
    const next = [...services, newServiceDefaults(services)];
    setServices(next);
    setEditing(next.length - 1);
  }

  return (
    <div className="grid gap-6">
      <PageIntroSection
        value={value}
        errors={errors}
        onChange={set}
        titleLabel="Page Title"
        subtitleLabel="Page Subtitle"
        showCounters={false}
      />

      <ListSection
        title="Services"
        description={
          translating
            ? "Click a card to translate its texts."
            : "Click a card to edit it. Drag by the grip or use the arrows to change the order."
        }
        addLabel="Add Service"
        onAdd={add}
        empty={services.length === 0}
        emptyMessage="No services yet. Click “Add Service” to add one."
      >
        {translating ? (
          <ul aria-label="Services" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {services.map((service, index) => (
              <li
                key={service.placementId}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
              >
                <ServiceCardBody
                  service={service}
                  path={pathOf(service)}
                  hasErrors={hasErrorsUnder(errors, `${pathOf(service)}.`)}
                  onOpen={() => setEditing(index)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <SortableList
            label="Services"
            layout="grid"
            items={services}
            onReorder={setServices}
            itemLabel={serviceName}
            renderActions={(service, index) => (
              <RemoveButton
                label={`Delete ${serviceName(service)}`}
                className="size-8"
                onClick={() => setServices(renumber(removeAt(services, index)))}
              />
            )}
            renderItem={(service, index) => (
              <ServiceCardBody
                service={service}
                path={pathOf(service)}
                hasErrors={hasErrorsUnder(errors, `${pathOf(service)}.`)}
                onOpen={() => setEditing(index)}
              />
            )}
          />
        )}
      </ListSection>

      <ServiceDialog
        service={editingService}
        path={editingService ? pathOf(editingService) : ""}
        onCancel={() => setEditing(null)}
        onSave={(next) => {
          if (editing !== null) setServices(patchAt(services, editing, next));
          setEditing(null);
        }}
      />
    </div>
  );
}

/** A service's card: its title, description and first features (in another language, English where not translated). */
function ServiceCardBody({
  service,
  path,
  hasErrors,
  onOpen,
}: {
  service: ServiceItem;
  /** Where the service is in the document (`services.2`). */
  path: string;
  hasErrors: boolean;
  onOpen: () => void;
}) {
  const translating = useTranslating();
  const more = service.features.length - SHOWN_FEATURES;
  const title = shownText(translating, `${path}.title`, service.title);
  const description = shownText(translating, `${path}.description`, service.description);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Edit ${shownName(translating, service, path)}`}
      className="flex h-full w-full flex-col items-stretch justify-start rounded-b-2xl p-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
    >
      <span
        lang={title.lang}
        className={
          title.text.trim() ? "block font-semibold text-slate-950" : "block font-semibold italic text-slate-500"
        }
      >
        {shownName(translating, service, path)}
      </span>
      {description.text && (
        <span lang={description.lang} className="mt-1 line-clamp-3 block text-sm text-slate-600">
          {description.text}
        </span>
      )}
      {service.features.length > 0 && (
        <span className="mt-3 block">
          <span className="sr-only">Features: </span>
          {service.features.slice(0, SHOWN_FEATURES).map((feature, i) => {
            const shown = shownText(translating, `${path}.features.${i}`, feature);
            return (
              <span key={i} lang={shown.lang} className="flex items-start gap-2 text-sm text-slate-700">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" />
                {shown.text}
              </span>
            );
          })}
          {more > 0 && <span className="mt-1 block text-xs font-medium text-brand-700">+{more} more features</span>}
        </span>
      )}
      {hasErrors && (
        <span className="mt-2 block text-xs font-medium text-red-700">This service has a field to fix.</span>
      )}
      <span className="mt-3 block empty:hidden">
        <ItemProgressMarks path={path} item={service} />
      </span>
    </button>
  );
}

/** "Edit Service": works on a copy; Save Changes writes it back, Cancel or × discards it. */
function ServiceDialog({
  service,
  path,
  onCancel,
  onSave,
}: {
  service: ServiceItem | null;
  /** Where the service is in the document (`services.2`). */
  path: string;
  onCancel: () => void;
  onSave: (next: ServiceItem) => void;
}) {
  return (
    <Dialog open={service !== null} onOpenChange={(open) => !open && onCancel()}>
      {service && (
        <ServiceForm key={service.placementId} service={service} path={path} onCancel={onCancel} onSave={onSave} />
      )}
    </Dialog>
  );
}

function ServiceForm({
  service,
  path,
  onCancel,
  onSave,
}: {
  service: ServiceItem;
  path: string;
  onCancel: () => void;
  onSave: (next: ServiceItem) => void;
}) {
  const translating = useTranslating();
  const [title, setTitle] = useState(service.title);
  const [description, setDescription] = useState(service.description);
  // The list as it is until the text is edited: re-splitting it would break a feature that contains a comma.
  const [features, setFeatures] = useState<{ text: string; list?: string[] }>({
    text: service.features.join(", "),
    list: service.features,
  });

  return (
    <DialogContent
      title="Edit Service"
      description="Changes apply to the list when you press Save Changes; save the tab to publish them."
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ ...service, title, description, features: features.list ?? parseFeatureList(features.text) });
        }}
      >
        <TextField label="Title" path={`${path}.title`} value={title} onChange={setTitle} />
        <TextField
          label="Description"
          path={`${path}.description`}
          value={description}
          onChange={setDescription}
          multiline
          rows={4}
        />
        {translating ? (
          // The list is shared by every language: each feature is translated in its own field.
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Features</legend>
            {(features.list ?? []).map((feature, index, list) => (
              <TextField
                key={index}
                label={`Feature ${index + 1}`}
                path={`${path}.features.${index}`}
                value={feature}
                onChange={(text) => {
                  const next = list.with(index, text);
                  setFeatures({ text: next.join(", "), list: next });
                }}
              />
            ))}
          </fieldset>
        ) : (
          <TextField
            label="Features"
            hint="Separate features with commas."
            value={features.text}
            onChange={(text) => setFeatures({ text })}
            multiline
            rows={3}
          />
        )}
        <AiButton
          task="service"
          title={title}
          className="justify-self-start"
          onDraft={(draft) => {
            setDescription(draft.description);
            setFeatures({ text: draft.features.join(", "), list: draft.features.map((f) => f.trim()).filter(Boolean) });
          }}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save Changes</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
