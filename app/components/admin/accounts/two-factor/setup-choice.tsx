import { useId, useState, type ReactNode } from "react";
import { Fingerprint, Smartphone } from "lucide-react";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { addPasskey, passkeysSupported } from "../../data/passkeys-api.ts";

/**
 * The two ways to satisfy the policy, in the words of someone who has never heard of either: the
 * app (the QR code, then the recovery codes) or a passkey, made here by the same code as the
 * account menu's "Passkeys" (../../data/passkeys-api.ts). A browser without WebAuthn shows the
 * passkey disabled, with the reason, rather than hiding a choice the person may have been told about.
 */
export function SetupChoice({
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
        pending={busy}
        disabled={adding}
        onClick={onApp}
      >
        Type a 6-digit code from an app on your phone, such as Google Authenticator, Microsoft Authenticator or
        1Password.
      </ChoiceButton>
      <ChoiceButton
        icon={Fingerprint}
        title={adding ? "Waiting for your passkey..." : "Use a passkey"}
        pending={adding}
        disabled={!supported || busy}
        onClick={() => void choosePasskey()}
      >
        {supported
          ? "Use your fingerprint, face or screen lock on this device, or a security key. Nothing to type or to install."
          : "This browser cannot use passkeys. Use the app, or open the admin in an up-to-date browser such as Chrome, Edge, Firefox or Safari."}
      </ChoiceButton>
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}

/**
 * One way to set it up: a large button named by `title`, described by the sentence under it;
 * while `pending`, the spinner in place of its icon (as PendingButton does).
 */
function ChoiceButton({
  icon: Icon,
  title,
  pending,
  disabled,
  onClick,
  children,
}: {
  icon: typeof Smartphone;
  title: string;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const hint = useId();
  const iconClasses = "mt-0.5 size-6 shrink-0 text-brand-700 group-disabled:text-slate-400";
  return (
    <button
      type="button"
      aria-describedby={hint}
      aria-busy={pending || undefined}
      disabled={pending || disabled}
      onClick={onClick}
      className="group flex w-full items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 text-left shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 enabled:hover:border-brand-500 enabled:hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:shadow-none"
    >
      {pending ? <Spinner className={iconClasses} /> : <Icon aria-hidden="true" className={iconClasses} />}
      <span className="grid gap-1">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span id={hint} className="text-sm text-slate-600">
          {children}
        </span>
      </span>
    </button>
  );
}
