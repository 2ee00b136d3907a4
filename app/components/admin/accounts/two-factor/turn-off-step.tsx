import type { TwoFactorStatus } from "#content/two-factor.ts";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { PasswordField } from "#app/components/ui/password-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { turnOffTwoFactor } from "../../data/two-factor-api.ts";
import { usePasswordStep } from "../use-password-step.ts";

/** It is on: since when, the codes left, and turning it off with the password. */
export function TurnOffStep({ status, onTurnedOff }: { status: TwoFactorStatus; onTurnedOff: () => void }) {
  const { password, setPassword, problem, busy, onSubmit } = usePasswordStep(async (password) => {
    await turnOffTwoFactor(password);
    toast.success("Success", { description: "Two-factor sign-in is off." });
    onTurnedOff();
  });

  const since = status.enabledAt ? new Date(status.enabledAt).toLocaleDateString("en-GB", { dateStyle: "long" }) : "";
  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <div role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200">
        <p className="font-medium">Two-factor sign-in is on{since && ` since ${since}`}.</p>
        <p>
          {status.recoveryCodesLeft} of 10 recovery codes left.
          {status.recoveryCodesLeft <= 3 && " Turn it off and on again for new ones."}
        </p>
      </div>
      {status.required && (
        <p className="text-sm text-slate-700">
          Your role must use two-factor sign-in: after turning it off you set it up again before anything else.
        </p>
      )}
      <PasswordField
        label="Password"
        hint="To turn it off, enter your password."
        error={problem}
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <DialogFooter>
        <PendingButton type="submit" variant="outline" pending={busy} pendingLabel="Turning off...">
          Turn off
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
