import { useState, type FormEvent } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { DialogClose, DialogFooter } from "#app/components/ui/dialog.tsx";
import { AccountDialog } from "./account-dialog.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { PasswordField } from "#app/components/ui/password-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { changePassword } from "../data/admin-api.ts";

/** "Change password": the current password, the new one twice. Other sessions of this admin end. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AccountDialog
      open={open}
      onClose={onClose}
      title="Change password"
      description="Your other signed-in browsers will be signed out."
      className="sm:max-w-md"
    >
      <PasswordForm onDone={onClose} />
    </AccountDialog>
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
      <PasswordField
        label="Current password"
        error={errorFor("current")}
        autoComplete="current-password"
        value={current}
        onValueChange={setCurrent}
      />
      <PasswordField
        label="New password"
        hint="At least 8 characters."
        error={errorFor("next")}
        autoComplete="new-password"
        value={next}
        onValueChange={setNext}
      />
      <PasswordField
        label="Repeat new password"
        error={errorFor("repeat")}
        autoComplete="new-password"
        value={repeat}
        onValueChange={setRepeat}
      />
      {problem?.field === "form" && <FormAlert look="box">{problem.message}</FormAlert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <PendingButton type="submit" pending={busy} pendingLabel="Changing...">
          Change password
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
