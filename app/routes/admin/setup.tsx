import { useState, type FormEvent } from "react";
import { createFirstAdmin } from "#app/components/admin/data/admin-api.ts";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { PasswordField } from "#app/components/ui/password-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [
  { title: "Create the first administrator" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await context.deps.setup.check(token) };
}

export default function Setup({ loaderData }: Route.ComponentProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get("password") !== form.get("confirm")) {
      setError("The two passwords do not match.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createFirstAdmin(loaderData.token, String(form.get("email")), String(form.get("password")));
      window.location.assign("/admin");
    } catch (cause) {
      setError((cause as Error).message);
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-slate-900 shadow-xl">
        <h1 className="text-2xl font-bold">Create the first administrator</h1>
        {loaderData.valid ? (
          <form onSubmit={onSubmit} className="mt-6 grid gap-4">
            <Field label="Email">
              {(props) => <Input {...props} name="email" type="email" required autoComplete="username" />}
            </Field>
            <PasswordField
              label="Password (at least 8 characters)"
              name="password"
              required
              minLength={8}
              autoComplete="new-password"
            />
            <PasswordField label="Repeat password" name="confirm" required minLength={8} autoComplete="new-password" />
            {error && <FormAlert>{error}</FormAlert>}
            <PendingButton type="submit" pending={busy} pendingLabel="Creating..." className="w-full">
              Create administrator
            </PendingButton>
          </form>
        ) : (
          <p className="mt-4 text-slate-700">
            This setup link is no longer valid. An administrator already exists:{" "}
            <a className="underline" href="/admin">
              sign in
            </a>
            .
          </p>
        )}
      </div>
    </main>
  );
}
