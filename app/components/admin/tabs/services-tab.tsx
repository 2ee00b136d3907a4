import { Loader2, Plus, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { newServiceDefaults, parseFeatureList, sortByPlacement, type ServiceItem } from "#content/rules.ts";
import type { ServicesContent } from "#content/schemas.ts";
import { generateServiceContent } from "#app/lib/ai-client.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import type { FieldErrors, SectionEditorProps } from "../editor-types.ts";
import { EditorGroup } from "../item-card.tsx";

const SHOWN_FEATURES = 3;
const serviceName = (service: ServiceItem) => service.title.trim() || "Untitled Service";

export function ServicesTab({ value, onChange, errors }: SectionEditorProps<ServicesContent>) {
  const services = sortByPlacement(value.services);
  const [editing, setEditing] = useState<number | null>(null);
  const setServices = (next: ServiceItem[]) => onChange({ ...value, services: next });
  // Errors are keyed by the stored position; map them to the shown (sorted) order.
  const storedIndex = (item: ServiceItem) => value.services.indexOf(item);

  function remove(index: number) {
    setServices(services.filter((_, i) => i !== index).map((service, i) => ({ ...service, placementId: i })));
  }

  function add() {
    const next = [...services, newServiceDefaults(services)];
    setServices(next);
    setEditing(next.length - 1);
  }

  return (
    <div className="grid grid-cols-1 gap-8">
      <EditorGroup title="Page">
        <div className="grid gap-4">
          <Field label="Page Title" error={errors.title}>
            {(props) => <Input {...props} value={value.title} onChange={(e) => onChange({ ...value, title: e.target.value })} />}
          </Field>
          <Field label="Page Subtitle" error={errors.subtitle}>
            {(props) => <Textarea {...props} rows={3} value={value.subtitle} onChange={(e) => onChange({ ...value, subtitle: e.target.value })} />}
          </Field>
        </div>
      </EditorGroup>

      <EditorGroup
        title="Services"
        description="Click a card to edit it. Drag by the grip or use the arrows to change the order."
        actions={
          <Button variant="outline" size="sm" onClick={add}>
            <Plus aria-hidden="true" />
            Add Service
          </Button>
        }
      >
        {services.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No services yet. Click “Add Service” to add one.</p>
        ) : (
          <SortableList
            label="Services"
            layout="grid"
            items={services}
            onReorder={setServices}
            itemLabel={serviceName}
            renderActions={(service, index) => (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-red-700 hover:bg-red-50 hover:text-red-800"
                aria-label={`Delete ${serviceName(service)}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
            renderItem={(service, index) => (
              <ServiceCardBody service={service} hasErrors={hasItemErrors(errors, storedIndex(service))} onOpen={() => setEditing(index)} />
            )}
          />
        )}
      </EditorGroup>

      <ServiceDialog
        service={editing === null ? null : (services[editing] ?? null)}
        onCancel={() => setEditing(null)}
        onSave={(next) => {
          setServices(services.map((service, i) => (i === editing ? next : service)));
          setEditing(null);
        }}
      />
    </div>
  );
}

function hasItemErrors(errors: FieldErrors, index: number) {
  return Object.keys(errors).some((path) => path.startsWith(`services.${index}.`));
}

function ServiceCardBody({ service, hasErrors, onOpen }: { service: ServiceItem; hasErrors: boolean; onOpen: () => void }) {
  const more = service.features.length - SHOWN_FEATURES;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Edit ${serviceName(service)}`}
      className="flex h-full w-full flex-col items-stretch justify-start rounded-b-2xl p-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
    >
      <span className={service.title.trim() ? "block font-semibold text-slate-950" : "block font-semibold italic text-slate-500"}>{serviceName(service)}</span>
      {service.description && <span className="mt-1 line-clamp-3 block text-sm text-slate-600">{service.description}</span>}
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
      {hasErrors && <span className="mt-2 block text-xs font-medium text-red-700">This service has a field to fix.</span>}
    </button>
  );
}

/** "Edit Service": works on a copy; Save Changes writes it back, Cancel or × discards it. */
function ServiceDialog({ service, onCancel, onSave }: { service: ServiceItem | null; onCancel: () => void; onSave: (next: ServiceItem) => void }) {
  return (
    <Dialog open={service !== null} onOpenChange={(open) => !open && onCancel()}>
      {service && <ServiceForm key={service.placementId} service={service} onCancel={onCancel} onSave={onSave} />}
    </Dialog>
  );
}

function ServiceForm({ service, onCancel, onSave }: { service: ServiceItem; onCancel: () => void; onSave: (next: ServiceItem) => void }) {
  const [title, setTitle] = useState(service.title);
  const [description, setDescription] = useState(service.description);
  const [features, setFeatures] = useState(service.features.join(", "));
  const [generating, setGenerating] = useState(false);

  async function generate() {
    if (!title.trim()) {
      toast.error("Error", { description: "Please enter a service title first" });
      return;
    }
    setGenerating(true);
    try {
      const draft = await generateServiceContent(title.trim());
      setDescription(draft.description);
      setFeatures(draft.features.join(", "));
      toast.success("Success", { description: "Service description and features generated successfully" });
    } catch (cause) {
      console.info("Service generation failed:", cause instanceof Error ? cause.message : cause);
      toast.error("Error", { description: "Failed to generate service content" });
    } finally {
      setGenerating(false);
    }
  }

  return (
    <DialogContent title="Edit Service" description="Changes apply to the list when you press Save Changes; save the tab to publish them.">
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ ...service, title, description, features: parseFeatureList(features) });
        }}
      >
        <Field label="Title">{(props) => <Input {...props} value={title} onChange={(e) => setTitle(e.target.value)} />}</Field>
        <Field label="Description">{(props) => <Textarea {...props} rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        <Field label="Features" hint="Separate features with commas.">
          {(props) => <Textarea {...props} rows={3} value={features} onChange={(e) => setFeatures(e.target.value)} />}
        </Field>
        <Button variant="secondary" className="justify-self-start" disabled={generating || title === ""} onClick={() => void generate()}>
          {generating ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
          {generating ? "Generating..." : "Generate with AI"}
        </Button>
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
