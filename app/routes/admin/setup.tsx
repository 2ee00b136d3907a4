import { useState, type FormEvent } from "react";
import { createFirstAdmin } from "#app/components/admin/data/admin-api.ts";
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
          <form onSubmit={onSubmit} className="mt-6 space-y-4">
            <label className="block">
              <span className="text-sm font-medium">Email</span>
              <input
                name="email"
                type="email"
                required
                autoComplete="username"
                className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">Password (at least 8 characters)</span>
              <input
                name="password"
                type="password"
                required
                minLength={8}
                autoComplete="new-password"
                className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">Repeat password</span>
              <input
                name="confirm"
                type="password"
                required
                minLength={8}
                autoComplete="new-password"
                className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
              />
            </label>
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-60"
            >
              {busy ? "Creating..." : "Create administrator"}
            </button>
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
