import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Fingerprint, ShieldCheck, Smartphone } from "lucide-react";
import { renderSVG } from "uqr";
import { may, ROLES, type Role } from "#content/roles.ts";
import { groupSecret, type TotpEnrolment, type TwoFactorPolicy, type TwoFactorStatus } from "#content/two-factor.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import {
  confirmTwoFactor,
  loadTwoFactorPolicy,
  saveTwoFactorPolicy,
  startTwoFactor,
  turnOffTwoFactor,
  twoFactorStatus,
} from "../data/two-factor-api.ts";
import { addPasskey, passkeysSupported } from "../data/passkeys-api.ts";

/** The account menu's icon for this dialog (kept here: the menu's own imports stay as they are). */
export const TwoFactorMenuIcon = ShieldCheck;

/** The policy's switch for each role, named for the people it covers. */
const ROLE_GROUPS: Record<Role, string> = { administrator: "Administrators", editor: "Editors", writer: "Writers" };

/** "Two-factor sign-in" from the account menu: set it up, see it, turn it off; Administrators also set who must use it. */
export function TwoFactorDialog({ open, role, onClose }: { open: boolean; role: Role; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent
          title="Two-factor sign-in"
          description="After your password, sign in with a code from an authenticator app on your phone."
          className="sm:max-w-lg"
        >
          <TwoFactorPanel onDone={onClose} />
          {may(role, "PUT /api/auth/two-factor-policy") && <PolicySwitches />}
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Shown instead of the admin to an account whose role must use two-factor sign-in and has not
 * set it up (server/auth/two-factor/enforcement.ts): it cannot be closed, only completed, or left
 * by signing out. It offers the authenticator app or a passkey (which satisfies the policy too:
 * docs/decisions/024-passkeys.md). Once the codes are saved, or the passkey added, the page loads
 * again, now with the admin.
 */
export function TwoFactorSetupGate({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Dialog open>
      <DialogContent
        dismissible={false}
        title="Set up two-factor sign-in"
        description="Your role must confirm each sign-in with more than the password, so that a stolen password alone cannot open your account. Choose how to set it up now to continue."
        className="sm:max-w-lg"
      >
        <TwoFactorPanel required onDone={() => window.location.reload()} />
        <p className="text-sm text-slate-600">
          Not now?{" "}
          <button type="button" className="font-medium text-brand-700 underline" onClick={onSignOut}>
            Sign out
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

type Step =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "status"; status: TwoFactorStatus }
  | { kind: "enrol"; enrolment: TotpEnrolment }
  | { kind: "codes"; codes: string[] };

/** The account's own two-factor sign-in, one step at a time. `required`: set up with the app or a passkey, never turned off. */
function TwoFactorPanel({ required = false, onDone }: { required?: boolean; onDone: () => void }) {
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
      return (
        <p role="alert" className="text-sm font-medium text-red-800">
          {step.message}
        </p>
      );
    case "enrol":
      return (
        <Enrolment
          enrolment={step.enrolment}
          // Required: back to the choice of the app or a passkey.
          onCancel={() => void showStatus()}
          onConfirmed={(codes) => setStep({ kind: "codes", codes })}
        />
      );
    case "codes":
      return <RecoveryCodeList codes={step.codes} onSaved={onDone} />;
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
              <Button onClick={() => void begin()} disabled={busy}>
                {busy ? "Starting..." : "Set up two-factor sign-in"}
              </Button>
            </DialogFooter>
          </div>
        );
      return <TurnOff status={step.status} onTurnedOff={() => void showStatus()} />;
  }
}

/**
 * The two ways to satisfy the policy, in the words of someone who has never heard of either: the
 * app (the QR code, then the recovery codes) or a passkey, made here by the same code as the
 * account menu's "Passkeys" (../data/passkeys-api.ts). A browser without WebAuthn shows the
 * passkey disabled, with the reason, rather than hiding a choice the person may have been told about.
 */
function SetupChoice({
  busy,
  onApp,
  onPasskeyAdded,
}: {
  busy: boolean;
  onApp: () => void;
  onPasskeyAdded: () => void;
}) {
  const [supported] = useState(passkeysSupported);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  async function choosePasskey() {
    setAdding(true);
    setProblem(undefined);
    try {
      await addPasskey();
      onPasskeyAdded();
    } catch (error) {
      // Said here, not in a toast: the modal hides everything outside it from screen readers.
      setProblem((error as Error).message);
      setAdding(false);
    }
  }

  return (
    <div className="grid gap-3">
      <ChoiceButton
        icon={Smartphone}
        title={busy ? "Starting..." : "Use an authenticator app"}
        disabled={busy || adding}
        onClick={onApp}
      >
        Type a 6-digit code from an app on your phone, such as Google Authenticator, Microsoft Authenticator or
        1Password.
      </ChoiceButton>
      <ChoiceButton
        icon={Fingerprint}
        title={adding ? "Waiting for your passkey..." : "Use a passkey"}
        disabled={!supported || busy || adding}
        onClick={() => void choosePasskey()}
      >
        {supported
          ? "Use your fingerprint, face or screen lock on this device, or a security key. Nothing to type or to install."
          : "This browser cannot use passkeys. Use the app, or open the admin in an up-to-date browser such as Chrome, Edge, Firefox or Safari."}
      </ChoiceButton>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}

/** One way to set it up: a large button named by `title`, described by the sentence under it. */
function ChoiceButton({
  icon: Icon,
  title,
  disabled,
  onClick,
  children,
}: {
  icon: typeof Smartphone;
  title: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const hint = useId();
  return (
    <button
      type="button"
      aria-describedby={hint}
      disabled={disabled}
      onClick={onClick}
      className="group flex w-full items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 text-left shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 enabled:hover:border-brand-500 enabled:hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:shadow-none"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700 group-disabled:text-slate-400" />
      <span className="grid gap-1">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span id={hint} className="text-sm text-slate-600">
          {children}
        </span>
      </span>
    </button>
  );
}

/** The QR code and the secret to type, and the first code from the app to confirm it. */
function Enrolment({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onCancel: (() => void) | undefined;
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
      <Field label="Code from your app" error={problem}>
        {(props) => (
          <Input
            {...props}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        )}
      </Field>
      <DialogFooter>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Checking..." : "Turn on"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The 10 recovery codes, shown this once: copy, download, and say they are saved. */
function RecoveryCodeList({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
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

/** It is on: since when, the codes left, and turning it off with the password. */
function TurnOff({ status, onTurnedOff }: { status: TwoFactorStatus; onTurnedOff: () => void }) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setProblem("Enter your password.");
    setBusy(true);
    setProblem(undefined);
    try {
      await turnOffTwoFactor(password);
      toast.success("Success", { description: "Two-factor sign-in is off." });
      onTurnedOff();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  const since = status.enabledAt ? new Date(status.enabledAt).toLocaleDateString("en-GB", { dateStyle: "long" }) : "";
  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
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
      <Field label="Password" hint="To turn it off, enter your password." error={problem}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        )}
      </Field>
      <DialogFooter>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Turning off..." : "Turn off"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Require two-factor sign-in" for each role, saved as each switch changes. */
function PolicySwitches() {
  const [policy, setPolicy] = useState<TwoFactorPolicy | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadTwoFactorPolicy().then(setPolicy, (error: Error) => toast.error("Error", { description: error.message }));
  }, []);

  async function change(role: Role, required: boolean) {
    if (!policy) return;
    setBusy(true);
    try {
      setPolicy(await saveTwoFactorPolicy({ required: { ...policy.required, [role]: required } }));
      toast.success("Saved", {
        description: `${ROLE_GROUPS[role]} ${required ? "must now" : "no longer must"} use two-factor sign-in.`,
      });
    } catch (error) {
      toast.error("Error", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="two-factor-policy" className="grid gap-3 border-t border-slate-200 pt-4">
      <div>
        <h3 id="two-factor-policy" className="text-sm font-semibold text-slate-900">
          Require two-factor sign-in
        </h3>
        <p className="text-sm text-slate-600">
          Accounts of these roles without it can still sign in with their password, but must set it up before anything
          else.
        </p>
      </div>
      {policy ? (
        <ul className="grid gap-2">
          {ROLES.map((role) => (
            <li key={role} className="flex items-center justify-between gap-3">
              <label htmlFor={`require-${role}`} className="text-sm text-slate-800">
                {ROLE_GROUPS[role]}
              </label>
              <Switch
                id={`require-${role}`}
                checked={policy.required[role]}
                disabled={busy}
                onCheckedChange={(checked) => void change(role, checked)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Loading…</p>
      )}
    </section>
  );
}
