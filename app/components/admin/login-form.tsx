import { Fingerprint, LockKeyhole } from "lucide-react";
import { useState, type FormEvent } from "react";
import { SITE_NAME } from "#content/constants.ts";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { OneTimeCodeField } from "#app/components/ui/one-time-code-field.tsx";
import { PasswordField } from "#app/components/ui/password-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { ApiError } from "#app/lib/api.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { signIn } from "./data/admin-api.ts";
import { signInWithCode } from "./data/two-factor-api.ts";
import { passkeysSupported, signInWithPasskey } from "./data/passkeys-api.ts";

export const INVALID_CREDENTIALS = "Invalid credentials. Please try again.";

interface LoginFormProps {
  email: string;
  password: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  onSignedIn: () => void;
}

/** The signed-out screen (docs/product.md §2 Admin, §8 toasts). The fields are owned by the page so logout can clear them. */
export function LoginForm({ email, password, onEmailChange, onPasswordChange, onSignedIn }: LoginFormProps) {
  const [busy, setBusy] = useState(false);
  // Until the script runs, the form waits: a submit then would be the browser's own, a GET that
  // puts the password in the address (and in logs and history).
  const hydrated = useHydrated();
  // The password was right and the account uses two-factor sign-in: the code is asked next, or
  // (its role must use two factors and it has a passkey, no app) its passkey.
  const [secondStep, setSecondStep] = useState<false | "totp" | "passkey">(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await signIn(email, password);
      if ("secondFactor" in answer) {
        setSecondStep(answer.secondFactor);
        return;
      }
      toast.success("Success", { description: "Successfully logged in to admin panel." });
      onSignedIn();
    } catch (error) {
      const wrong = error instanceof ApiError && error.status === 401;
      toast.error("Error", { description: wrong ? INVALID_CREDENTIALS : (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-sm p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <LockKeyhole className="size-5" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold text-slate-950">Admin sign in</h1>
          <p className="mt-1 text-sm text-slate-600">{SITE_NAME} content panel</p>
        </div>
        {secondStep === "passkey" ? (
          <div className="grid gap-4">
            <p role="status" className="text-sm text-slate-700">
              Your account signs in with its passkey. Use it to continue.
            </p>
            <PasskeySignIn onSignedIn={onSignedIn} />
            <button
              type="button"
              className="text-sm text-slate-600 underline-offset-2 hover:underline"
              onClick={() => {
                onPasswordChange("");
                setSecondStep(false);
              }}
            >
              Start again
            </button>
          </div>
        ) : secondStep === "totp" ? (
          <CodeStep
            onSignedIn={onSignedIn}
            onRestart={() => {
              onPasswordChange("");
              setSecondStep(false);
            }}
          />
        ) : (
          <form method="post" onSubmit={(event) => void onSubmit(event)}>
            <fieldset disabled={!hydrated} className="grid gap-4">
              <Field label="Email">
                {(props) => (
                  <Input
                    {...props}
                    name="email"
                    type="email"
                    autoComplete="username"
                    required
                    value={email}
                    onChange={(e) => onEmailChange(e.target.value)}
                  />
                )}
              </Field>
              <PasswordField
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onValueChange={onPasswordChange}
              />
              <PendingButton type="submit" className="mt-2 w-full" pending={busy} pendingLabel="Signing in...">
                Sign in
              </PendingButton>
            </fieldset>
            {hydrated && passkeysSupported() && (
              <>
                <p className="my-4 flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
                  or
                </p>
                <PasskeySignIn onSignedIn={onSignedIn} />
              </>
            )}
          </form>
        )}
      </Card>
    </main>
  );
}

/**
 * "Use a passkey" (not "Sign in with…": the form's "Sign in" button keeps a name no other button
 * shares, for people who pick buttons by name and for the tests that do). The browser offers the passkeys it holds for this site; no email or password is asked. */
function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await signInWithPasskey();
      toast.success("Success", { description: "Successfully logged in to admin panel." });
      onSignedIn();
    } catch (error) {
      toast.error("Error", { description: (error as Error).message });
      setBusy(false);
    }
  }
  return (
    <PendingButton
      variant="outline"
      className="w-full"
      pending={busy}
      pendingLabel="Waiting for your passkey..."
      icon={<Fingerprint aria-hidden="true" />}
      onClick={() => void onClick()}
    >
      Use a passkey
    </PendingButton>
  );
}

/**
 * The sign-in's second step: the 6-digit code from the authenticator app, or one of the recovery
 * codes instead. An expired step (five minutes) starts again at the password.
 */
function CodeStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return setProblem(recovery ? "Enter one of your recovery codes." : "Enter the 6-digit code.");
    setBusy(true);
    setProblem(undefined);
    try {
      await signInWithCode(code);
      toast.success("Success", { description: "Successfully logged in to admin panel." });
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && /expired/.test(error.message)) {
        toast.error("Error", { description: error.message });
        onRestart();
        return;
      }
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      {recovery ? (
        <Field
          label="Recovery code"
          hint="One of the codes you saved when you set up two-factor sign-in."
          error={problem}
        >
          {(props) => (
            <Input
              {...props}
              name="recovery-code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
      ) : (
        <OneTimeCodeField
          label="Enter the 6-digit code from your authenticator app"
          error={problem}
          // The step appears in place of the password: the field the admin types in next.
          autoFocus
          value={code}
          onValueChange={setCode}
        />
      )}
      <PendingButton type="submit" className="w-full" pending={busy} pendingLabel="Checking...">
        Sign in
      </PendingButton>
      <div className="flex flex-col items-center gap-1 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
            setProblem(undefined);
          }}
        >
          {recovery ? "Use the code from your app instead" : "Use a recovery code instead"}
        </button>
        <button type="button" className="text-slate-600 underline-offset-2 hover:underline" onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}
