/**
 * The contract between the admin shell (loading, saving, conflicts, history,
 * unsaved-changes guard) and each tab's editor. An editor is a controlled
 * component: it shows `value`, reports every edit through `onChange`, and
 * marks the fields named in `errors`. It never saves by itself.
 */
export type FieldErrors = Record<string, string>;

export interface SectionEditorProps<T> {
  /** The draft document (a local copy; nothing is stored until the tab's save button). */
  value: T;
  /** Replace the draft with `next` (keep it immutable: copy, then change). */
  onChange: (next: T) => void;
  /**
   * Problems the shared zod schema finds in the draft, keyed by dotted path
   * ("partners.0.website", "hero.title") → message. Show each beside its field.
   */
  errors: FieldErrors;
}
