import { useState } from "react";
import { newServiceDefaults, parseFeatureList, renumber, sortByPlacement, type ServiceItem } from "#content/rules.ts";
import type { ServicesContent } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import type { SectionEditorProps } from "../editor-types.ts";
import { AiButton } from "../editor/ai-button.tsx";
import { hasErrorsUnder } from "../editor/field-errors.ts";
import { ListSection } from "../editor/list-section.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { PageIntroSection } from "../editor/page-intro-section.tsx";
import { RemoveButton } from "../editor/remove-button.tsx";
import { TextField } from "../editor/text-field.tsx";

const SHOWN_FEATURES = 3;
const serviceName = (service: ServiceItem) => service.title.trim() || "Untitled Service";

export function ServicesTab({ value, onChange, errors }: SectionEditorProps<ServicesContent>) {
  const services = sortByPlacement(value.services);
  const [editing, setEditing] = useState<number | null>(null);
  const set = (patch: Partial<ServicesContent>) => onChange({ ...value, ...patch });
  const setServices = (next: ServiceItem[]) => set({ services: next });
  // Errors are keyed by the stored position; map them to the shown (sorted) order.
  const storedIndex = (item: ServiceItem) => value.services.indexOf(item);

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
        description="Click a card to edit it. Drag by the grip or use the arrows to change the order."
        addLabel="Add Service"
        onAdd={add}
        empty={services.length === 0}
        emptyMessage="No services yet. Click “Add Service” to add one."
      >
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
              hasErrors={hasErrorsUnder(errors, `services.${storedIndex(service)}.`)}
              onOpen={() => setEditing(index)}
            />
          )}
        />
      </ListSection>

      <ServiceDialog
        service={editing === null ? null : (services[editing] ?? null)}
        onCancel={() => setEditing(null)}
        onSave={(next) => {
          if (editing !== null) setServices(patchAt(services, editing, next));
          setEditing(null);
        }}
      />
    </div>
  );
}

function ServiceCardBody({
  service,
  hasErrors,
  onOpen,
}: {
  service: ServiceItem;
  hasErrors: boolean;
  onOpen: () => void;
}) {
  const more = service.features.length - SHOWN_FEATURES;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Edit ${serviceName(service)}`}
      className="flex h-full w-full flex-col items-stretch justify-start rounded-b-2xl p-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
    >
      <span
        className={
          service.title.trim() ? "block font-semibold text-slate-950" : "block font-semibold italic text-slate-500"
        }
      >
        {serviceName(service)}
      </span>
      {service.description && (
        <span className="mt-1 line-clamp-3 block text-sm text-slate-600">{service.description}</span>
      )}
      {service.features.length > 0 && (
        <span className="mt-3 block">
          <span className="sr-only">Features: </span>
          {service.features.slice(0, SHOWN_FEATURES).map((feature, i) => (
            <span key={i} className="flex items-start gap-2 text-sm text-slate-700">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" />
              {feature}
            </span>
          ))}
          {more > 0 && <span className="mt-1 block text-xs font-medium text-brand-700">+{more} more features</span>}
        </span>
      )}
      {hasErrors && (
        <span className="mt-2 block text-xs font-medium text-red-700">This service has a field to fix.</span>
      )}
    </button>
  );
}

/** "Edit Service": works on a copy; Save Changes writes it back, Cancel or × discards it. */
function ServiceDialog({
  service,
  onCancel,
  onSave,
}: {
  service: ServiceItem | null;
  onCancel: () => void;
  onSave: (next: ServiceItem) => void;
}) {
  return (
    <Dialog open={service !== null} onOpenChange={(open) => !open && onCancel()}>
      {service && <ServiceForm key={service.placementId} service={service} onCancel={onCancel} onSave={onSave} />}
    </Dialog>
  );
}

function ServiceForm({
  service,
  onCancel,
  onSave,
}: {
  service: ServiceItem;
  onCancel: () => void;
  onSave: (next: ServiceItem) => void;
}) {
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
        <TextField label="Title" value={title} onChange={setTitle} />
        <TextField label="Description" value={description} onChange={setDescription} multiline rows={4} />
        <TextField
          label="Features"
          hint="Separate features with commas."
          value={features.text}
          onChange={(text) => setFeatures({ text })}
          multiline
          rows={3}
        />
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
