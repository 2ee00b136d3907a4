import { useState, type FormEvent } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { changePassword } from "../data/admin-api.ts";

/** "Change password": the current password, the new one twice. Other sessions of this admin end. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent
          title="Change password"
          description="Your other signed-in browsers will be signed out."
          className="sm:max-w-md"
        >
          <PasswordForm onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problem, setProblem] = useState<{ field: "current" | "next" | "repeat" | "form"; message: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return setProblem({ field: "current", message: "Enter your current password." });
    if (next.length < 8) return setProblem({ field: "next", message: "Use at least 8 characters." });
    if (next !== repeat) return setProblem({ field: "repeat", message: "The two new passwords are not the same." });
    setBusy(true);
    setProblem(null);
    try {
      await changePassword(current, next);
      toast.success("Success", { description: "Password changed." });
      onDone();
    } catch (error) {
      setProblem({ field: "form", message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const errorFor = (field: "current" | "next" | "repeat") => (problem?.field === field ? problem.message : undefined);

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <Field label="Current password" error={errorFor("current")}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label="New password" hint="At least 8 characters." error={errorFor("next")}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label="Repeat new password" error={errorFor("repeat")}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
          />
        )}
      </Field>
      {problem?.field === "form" && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {problem.message}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </Button>
      </DialogFooter>
    </form>
  );
}
