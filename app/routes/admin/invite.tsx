import { useState, type FormEvent } from "react";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { PasswordField } from "#app/components/ui/password-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { acceptInvitation } from "#app/components/admin/data/invitations-api.ts";
import { SITE_NAME } from "#content/constants.ts";
import { INVITATION_GONE } from "#content/invitations.ts";
import { ROLE_LABELS } from "#content/roles.ts";
import { previewInvitation } from "./invite.server.ts";
import type { Route } from "./+types/invite";

export const meta: Route.MetaFunction = () => [
  { title: `You're invited to edit ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

/** Whom the link is for, or why it does not work: read on the server (like the first administrator's setup). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await previewInvitation(context.deps, context.clientIp, params.token);
  if ("invitation" in found) return { token: params.token, invitation: found.invitation, problem: null };
  const minutes = "retryAfterSeconds" in found ? Math.max(1, Math.ceil(found.retryAfterSeconds / 60)) : 0;
  return {
    token: params.token,
    invitation: null,
    problem: minutes
      ? `Too many attempts from here. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`
      : INVITATION_GONE,
  };
}

/**
 * The invitee's page (issue 28 item 2): "You're invited as Editor", a password chosen twice, then
 * the admin, signed in. A link that no longer works says so, with the way to sign in.
 */
export default function Invite({ loaderData }: Route.ComponentProps) {
  const { invitation, problem } = loaderData;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-xl ring-1 ring-slate-200 sm:p-8">
        {invitation ? (
          <>
            <h1 className="text-2xl font-bold">You&apos;re invited as {ROLE_LABELS[invitation.role]}</h1>
            <p className="mt-2 text-sm text-slate-700">
              Choose a password for <strong className="break-all">{invitation.email}</strong> to start editing the
              website of {SITE_NAME}.
            </p>
            <AcceptForm token={loaderData.token} email={invitation.email} />
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">This invitation no longer works</h1>
            <p className="mt-2 text-slate-700">{problem}</p>
            <p className="mt-4 text-slate-700">
              Ask an administrator for a new invitation, or{" "}
              <a className="font-medium text-slate-900 underline" href="/admin">
                sign in
              </a>{" "}
              if you already have an account.
            </p>
          </>
        )}
      </div>
    </main>
  );
}

function AcceptForm({ token, email }: { token: string; email: string }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 8) return setProblem("Use at least 8 characters for your password.");
    if (password !== repeat) return setProblem("The two passwords are not the same.");
    setBusy(true);
    setProblem(null);
    try {
      await acceptInvitation(token, password);
      window.location.assign("/admin");
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 grid gap-4">
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <PasswordField
        label="Password"
        hint="At least 8 characters."
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
      />
      <PasswordField label="Repeat password" autoComplete="new-password" value={repeat} onValueChange={setRepeat} />
      {problem && <FormAlert>{problem}</FormAlert>}
      <PendingButton type="submit" pending={busy} pendingLabel="Setting your password..." className="w-full">
        Set password and sign in
      </PendingButton>
    </form>
  );
}
