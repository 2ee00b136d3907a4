import { useEffect, useState } from "react";
import type { TotpEnrolment, TwoFactorStatus } from "#content/two-factor.ts";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { startTwoFactor, twoFactorStatus } from "../../data/two-factor-api.ts";
import { EnrolmentStep } from "./enrolment-step.tsx";
import { RecoveryCodesStep } from "./recovery-codes-step.tsx";
import { SetupChoice } from "./setup-choice.tsx";
import { TurnOffStep } from "./turn-off-step.tsx";

type Step =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "status"; status: TwoFactorStatus }
  | { kind: "enrol"; enrolment: TotpEnrolment }
  | { kind: "codes"; codes: string[] };

/**
 * The account's own two-factor sign-in, one step at a time: its status, then (off) setting it up
 * with the app: the QR code, the recovery codes; or (on) turning it off. `required`: set up with
 * the app or a passkey, never turned off.
 */
export function TwoFactorPanel({ required = false, onDone }: { required?: boolean; onDone: () => void }) {
  const [step, setStep] = useState<Step>({ kind: "loading" });
  const [busy, setBusy] = useState(false);

  const showStatus = () =>
    twoFactorStatus().then(
      (status) => setStep({ kind: "status", status }),
      (error: Error) => setStep({ kind: "failed", message: error.message }),
    );
  useEffect(() => {
    void showStatus();
  }, []);

  async function begin() {
    setBusy(true);
    try {
      setStep({ kind: "enrol", enrolment: await startTwoFactor() });
    } catch (error) {
      toast.error("Error", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  switch (step.kind) {
    case "loading":
      return <p className="text-sm text-slate-600">Loading…</p>;
    case "failed":
      return <FormAlert>{step.message}</FormAlert>;
    case "enrol":
      return (
        <EnrolmentStep
          enrolment={step.enrolment}
          // Required: back to the choice of the app or a passkey.
          onCancel={() => void showStatus()}
          onConfirmed={(codes) => setStep({ kind: "codes", codes })}
        />
      );
    case "codes":
      return <RecoveryCodesStep codes={step.codes} onSaved={onDone} />;
    case "status":
      if (!step.status.enabled && required)
        return <SetupChoice busy={busy} onApp={() => void begin()} onPasskeyAdded={onDone} />;
      if (!step.status.enabled)
        return (
          <div className="grid gap-3">
            <p className="text-sm text-slate-700">
              Two-factor sign-in is off. Turn it on so that a stolen password alone cannot open your account.
            </p>
            <DialogFooter>
              <PendingButton pending={busy} pendingLabel="Starting..." onClick={() => void begin()}>
                Set up two-factor sign-in
              </PendingButton>
            </DialogFooter>
          </div>
        );
      return <TurnOffStep status={step.status} onTurnedOff={() => void showStatus()} />;
  }
}
