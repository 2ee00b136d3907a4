import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { toast } from "#app/components/ui/toaster.tsx";

/** The 10 recovery codes, shown this once: copy, download, and say they are saved. */
export function RecoveryCodesStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const text = `Recovery codes for two-factor sign-in (${window.location.host}). Each works once.\n\n${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Copied", { description: "The recovery codes are on your clipboard." });
    } catch {
      toast.error("Error", { description: "Could not copy. Select the codes and copy them yourself." });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="grid gap-4">
      <p
        role="status"
        className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900 ring-1 ring-green-200"
      >
        Two-factor sign-in is on.
      </p>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Save your recovery codes</h3>
        <p className="text-sm text-slate-700">
          If you lose your phone, sign in with one of these instead of a code. Each works once. Keep them somewhere
          safe: they are not shown again.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-1.5 rounded-lg bg-slate-100 p-3 sm:grid-cols-2">
          {codes.map((code) => (
            <li key={code} className="font-mono text-sm text-slate-900">
              {code}
            </li>
          ))}
        </ul>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          Download (.txt)
        </Button>
        <Button onClick={onSaved}>I have saved them</Button>
      </DialogFooter>
    </div>
  );
}
