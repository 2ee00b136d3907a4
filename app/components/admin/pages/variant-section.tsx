import { Copy, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { EditorSection } from "../editor/editor-section.tsx";
import { useTranslating } from "../editor/translating.ts";
import { BlocksEditor } from "./blocks-editor.tsx";
import { addVariantB, removeVariantB, variantB, withBlocks } from "./page-blocks.ts";

/**
 * Variant B (issue 42 item 3): its own blocks, shown to half the visitors (one variant per visitor
 * per day), usually another hero or call to action. It starts as a copy of the page's blocks and is
 * edited with the same editor; removing it asks first, as its blocks go with it.
 */
export function VariantSection({
  page,
  errors,
  update,
  results,
}: {
  page: LandingPage;
  errors: FieldErrors;
  update: (change: (page: LandingPage) => LandingPage) => void;
  /** The results panel of a stored page with a B. */
  results?: ReactNode;
}) {
  const translating = useTranslating();
  const blocks = variantB(page);
  const [removing, setRemoving] = useState(false);
  if (translating && !blocks) return null;

  return (
    <EditorSection
      title="Variant B"
      description={
        blocks
          ? "Half the visitors see B (each visitor the same one all day). Change what you want to test, usually the hero or the call to action."
          : "Test another version of the page: B starts as a copy of the blocks above. Visitors are split between A and B, and the results show which brings more leads."
      }
      actions={
        translating ? undefined : blocks ? (
          <Button variant="outline" size="sm" className="text-red-700" onClick={() => setRemoving(true)}>
            <Trash2 aria-hidden="true" />
            Remove variant B
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => update(addVariantB)}>
            <Copy aria-hidden="true" />
            Add variant B
          </Button>
        )
      }
    >
      {results}
      {blocks && (
        <BlocksEditor
          blocks={blocks}
          path="variants.0.blocks"
          label="Variant B blocks"
          errors={errors}
          update={(change) =>
            update((current) => withBlocks(current, "variants.0.blocks", change(variantB(current) ?? [])))
          }
        />
      )}
      <Dialog open={removing} onOpenChange={setRemoving}>
        <DialogContent
          title="Remove variant B?"
          description="Its blocks go with it, and every visitor sees the page's own blocks once you save."
          className="max-w-md"
        >
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                update(removeVariantB);
                setRemoving(false);
              }}
            >
              Remove variant B
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </EditorSection>
  );
}
