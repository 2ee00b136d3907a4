import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Copy, Mail, X } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { INVITATION_DAYS, type PendingInvitation } from "#content/invitations.ts";
import { ROLE_LABELS, type Role } from "#content/roles.ts";
import { createInvitation, listInvitations, revokeInvitation } from "../data/invitations-api.ts";
import { formatWhen } from "../format.ts";
import { RoleSelect } from "./role-select.tsx";

/** Puts an invitation link on the clipboard, or says to copy it by hand (it is shown beside the button). */
async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Copied", { description: "The invitation link is on your clipboard." });
  } catch {
    toast.error("Error", { description: "Could not copy. Select the link and copy it yourself." });
  }
}

/**
 * Inviting someone by e-mail with a role (issue 28 item 2), and the invitations still pending: each
 * link can be copied again or revoked. With no mail set up on the site, the new link is shown to copy.
 */
export function Invitations({ roleHint, reloadKey }: { roleHint: string; reloadKey: number }) {
  const [invitations, setInvitations] = useState<PendingInvitation[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<number | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setInvitations(await listInvitations());
      setLoadError(null);
    } catch (error) {
      setLoadError((error as Error).message);
    }
  }, []);
  // Read again when the accounts above change in a way that closes invitations (`reloadKey`).
  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  async function revoke(invitation: PendingInvitation) {
    setRevoking(invitation.id);
    setRevokeError(null);
    try {
      await revokeInvitation(invitation.id);
      toast.success("Success", { description: `The invitation for ${invitation.email} no longer works.` });
      await load();
    } catch (error) {
      setRevokeError((error as Error).message);
    } finally {
      setRevoking(null);
    }
  }

  return (
    <div className="grid gap-4">
      <InviteForm roleHint={roleHint} onInvited={() => void load()} />
      <section aria-labelledby="pending-invitations-heading" className="grid gap-2">
        <h3 id="pending-invitations-heading" className="text-sm font-semibold text-slate-900">
          Pending invitations
        </h3>
        {loadError && <FormAlert look="box">Could not load the invitations: {loadError}</FormAlert>}
        {!invitations && !loadError && (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner />
            Loading invitations…
          </p>
        )}
        {invitations?.length === 0 && <p className="text-sm text-slate-600">No invitations are waiting.</p>}
        {invitations && invitations.length > 0 && (
          <ul aria-label="Pending invitations" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="text-sm font-medium break-all text-slate-900">{invitation.email}</p>
                  <p className="text-xs text-slate-600">
                    {ROLE_LABELS[invitation.role]} · expires {formatWhen(invitation.expiresAt)}
                  </p>
                </div>
                {invitation.link && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Copy the invitation link for ${invitation.email}`}
                    onClick={() => void copyLink(invitation.link!)}
                  >
                    <Copy aria-hidden="true" />
                    Copy link
                  </Button>
                )}
                <PendingButton
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  aria-label={`Revoke the invitation for ${invitation.email}`}
                  pending={revoking === invitation.id}
                  pendingLabel="Revoking..."
                  disabled={revoking !== null}
                  icon={<X aria-hidden="true" />}
                  onClick={() => void revoke(invitation)}
                >
                  Revoke
                </PendingButton>
              </li>
            ))}
          </ul>
        )}
        {revokeError && <FormAlert look="box">{revokeError}</FormAlert>}
      </section>
    </div>
  );
}

function InviteForm({ roleHint, onInvited }: { roleHint: string; onInvited: () => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The link of an invitation the site could not e-mail: shown to copy and send by hand. */
  const [toSend, setToSend] = useState<{ email: string; link: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setProblem("Enter the email address to invite.");
    setBusy(true);
    setProblem(null);
    try {
      const invitation = await createInvitation(email.trim(), role);
      if (invitation.mailed) {
        toast.success("Success", { description: `Invitation sent to ${invitation.email}` });
        setToSend(null);
      } else {
        toast.success("Success", { description: "Invitation created. Copy the link and send it yourself." });
        setToSend({ email: invitation.email, link: invitation.link });
      }
      setEmail("");
      onInvited();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="invite-heading"
      className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <div className="grid gap-1">
        <h3 id="invite-heading" className="text-sm font-semibold text-slate-900">
          Invite someone
        </h3>
        <p className="text-xs text-slate-600">
          They get a link to choose their own password. It works once, for {INVITATION_DAYS} days.
        </p>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {/* Not "Email": the add-account form below has that label. */}
        <Field label="Who to invite" hint="Their email address.">
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="off"
              placeholder="name@example.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Role to invite as" hint={roleHint}>
          {(props) => <RoleSelect {...props} value={role} onChange={setRole} />}
        </Field>
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      {toSend && (
        <div className="grid gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <Field
            label={`Invitation link for ${toSend.email}`}
            hint="The site has no email set up: send this link yourself."
          >
            {(props) => <Input {...props} readOnly value={toSend.link} onFocus={(e) => e.currentTarget.select()} />}
          </Field>
          <div className="flex justify-end">
            <Button type="button" variant="outline" size="sm" onClick={() => void copyLink(toSend.link)}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      )}
      <div className="flex justify-end">
        <PendingButton type="submit" pending={busy} pendingLabel="Inviting..." icon={<Mail aria-hidden="true" />}>
          Invite
        </PendingButton>
      </div>
    </form>
  );
}
