import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { PasswordField } from "#app/components/ui/password-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { onReconfirm } from "#app/lib/api.ts";
import { confirmPassword } from "../data/admin-api.ts";
import { usePasswordStep } from "./use-password-step.ts";

/**
 * "Confirm your password": shown whenever a sensitive action (a backup, an account change) is
 * answered "confirm your password to continue" (#app/lib/api.ts asks here, then retries it). Mounted
 * once per signed-in admin page; calls that ask at the same time share one dialog.
 */
export function ReconfirmDialog() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null>(null);

  useEffect(
    () =>
      onReconfirm(() => {
        if (!waiting.current) {
          let resolve!: (confirmed: boolean) => void;
          const promise = new Promise<boolean>((r) => (resolve = r));
          waiting.current = { promise, resolve };
          setOpen(true);
        }
        return waiting.current.promise;
      }),
    [],
  );

  const finish = (confirmed: boolean) => {
    waiting.current?.resolve(confirmed);
    waiting.current = null;
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && finish(false)}>
      {open && (
        <DialogContent
          title="Confirm your password"
          description="This is a sensitive action. Enter your password again to continue."
          className="sm:max-w-md"
        >
          <ConfirmForm onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ConfirmForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const { password, setPassword, problem, busy, onSubmit } = usePasswordStep(async (password) => {
    await confirmPassword(password);
    onConfirmed();
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <PasswordField
        label="Password"
        error={problem}
        autoComplete="current-password"
        autoFocus
        value={password}
        onValueChange={setPassword}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <PendingButton type="submit" pending={busy} pendingLabel="Confirming...">
          Confirm
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
