import { LockKeyhole } from "lucide-react";
import { useState, type FormEvent } from "react";
import { SITE_NAME } from "#content/constants.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { ApiError } from "#app/lib/api.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { signIn } from "./data/admin-api.ts";

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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await signIn(email, password);
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
            <Field label="Password">
              {(props) => (
                <Input
                  {...props}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => onPasswordChange(e.target.value)}
                />
              )}
            </Field>
            <Button type="submit" className="mt-2 w-full" disabled={busy}>
              {busy ? "Signing in..." : "Sign in"}
            </Button>
          </fieldset>
        </form>
      </Card>
    </main>
  );
}
