import { useState, type FormEvent } from "react";
import { renderSVG } from "uqr";
import { groupSecret, type TotpEnrolment } from "#content/two-factor.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { OneTimeCodeField } from "#app/components/ui/one-time-code-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { confirmTwoFactor } from "../../data/two-factor-api.ts";

/** Setting up with the app: the QR code and the secret to type, and the first code from the app to confirm it. */
export function EnrolmentStep({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return setProblem("Enter the 6-digit code your app shows.");
    setBusy(true);
    setProblem(undefined);
    try {
      onConfirmed((await confirmTwoFactor(code)).recoveryCodes);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <ol className="grid list-decimal gap-3 pl-5 text-sm text-slate-700">
        <li>Open your authenticator app and add an account by scanning this QR code.</li>
      </ol>
      <div
        role="img"
        aria-label="QR code to scan with your authenticator app"
        className="mx-auto size-48 rounded-lg border border-slate-200 bg-white p-2 [&>svg]:size-full"
        // The SVG is made here, in the browser, from the address the server sent: no third party sees the secret.
        dangerouslySetInnerHTML={{ __html: renderSVG(enrolment.uri, { border: 1 }) }}
      />
      <div className="grid gap-1 text-sm text-slate-700">
        <p>Can’t scan it? Type this key into the app instead:</p>
        <code className="break-all rounded-md bg-slate-100 px-3 py-2 text-center font-mono text-base tracking-wide text-slate-900">
          {groupSecret(enrolment.secret)}
        </code>
      </div>
      <ol start={2} className="grid list-decimal gap-3 pl-5 text-sm text-slate-700">
        <li>Enter the 6-digit code the app now shows for this site.</li>
      </ol>
      <OneTimeCodeField label="Code from your app" error={problem} value={code} onValueChange={setCode} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <PendingButton type="submit" pending={busy} pendingLabel="Checking...">
          Turn on
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
