import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Trash2, UserPlus } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AccountDialog } from "./account-dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { PasswordField } from "#app/components/ui/password-field.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { formatWhen } from "../format.ts";
import { Invitations } from "./invitations.tsx";
import { RoleSelect } from "./role-select.tsx";
import type { AdminAccount } from "#content/accounts.ts";
import { ROLE_LABELS, type Role } from "#content/roles.ts";
import { addAccount, changeRole, listAccounts, removeAccount } from "../data/admin-api.ts";

/** What each role may do, as the role field's hint says it (#content/roles.ts has the table). */
const ROLE_HINT = "Editors change the site's content and posts; Writers write their own posts as drafts.";

/** The toast's words for the invitations a removal or a new role revoked (its sender may no longer send them). */
const revokedText = (count: number) =>
  count === 0
    ? ""
    : ` ${count === 1 ? "The invitation they sent no longer works" : `The ${count} invitations they sent no longer work`}.`;

/**
 * "Administrators": who can sign in and with which role, changing a role, adding an account,
 * removing one (never the last Administrator; the server says so).
 */
export function AdministratorsDialog({
  open,
  onClose,
  onSignedOut,
}: {
  open: boolean;
  onClose: () => void;
  onSignedOut: () => void;
}) {
  return (
    <AccountDialog
      open={open}
      onClose={onClose}
      title="Administrators"
      description="Everyone listed here can sign in; their role says what they may change. A removed account is signed out at once."
      className="sm:max-w-xl"
    >
      <Administrators onSignedOut={onSignedOut} />
    </AccountDialog>
  );
}

function Administrators({ onSignedOut }: { onSignedOut: () => void }) {
  const [accounts, setAccounts] = useState<AdminAccount[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Counts the changes that closed pending invitations: the list below reads them again.
  const [accountsChanged, setAccountsChanged] = useState(0);

  const load = useCallback(async () => {
    try {
      setAccounts(await listAccounts());
      setLoadError(null);
    } catch (error) {
      setLoadError((error as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function setRole(account: AdminAccount, role: Role) {
    setBusy(true);
    setRemoveError(null);
    try {
      const { invitationsRevoked } = await changeRole(account.id, role);
      toast.success("Success", {
        description: `${account.email} is now ${ROLE_LABELS[role]}.${revokedText(invitationsRevoked)}`,
      });
      if (invitationsRevoked > 0) setAccountsChanged((n) => n + 1);
      await load();
    } catch (error) {
      setRemoveError((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove(account: AdminAccount) {
    setBusy(true);
    setRemoveError(null);
    try {
      const result = await removeAccount(account.id);
      setConfirming(null);
      toast.success("Success", {
        description: `${account.email} can no longer sign in.${revokedText(result.invitationsRevoked)}`,
      });
      if (result.self) return onSignedOut();
      if (result.invitationsRevoked > 0) setAccountsChanged((n) => n + 1);
      await load();
    } catch (error) {
      setRemoveError((error as Error).message);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-5">
      {loadError && <FormAlert look="box">Could not load the administrators: {loadError}</FormAlert>}
      {!accounts && !loadError && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner />
          Loading administrators…
        </p>
      )}
      {accounts && (
        <ul aria-label="Administrators" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {accounts.map((account) => (
            <li key={account.id} className="grid gap-2 px-4 py-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    <span className="break-all">{account.email}</span>
                    {account.current && <Badge variant="secondary">You</Badge>}
                  </p>
                  <p className="text-xs text-slate-600">Added {formatWhen(account.createdAt)}</p>
                </div>
                <RoleSelect
                  aria-label={`Role of ${account.email}`}
                  className="w-auto"
                  value={account.role}
                  disabled={busy}
                  onChange={(role) => {
                    if (role !== account.role) void setRole(account, role);
                  }}
                />
                {confirming !== account.id && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    aria-label={`Remove ${account.email}`}
                    disabled={busy}
                    onClick={() => {
                      setRemoveError(null);
                      setConfirming(account.id);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                )}
              </div>
              {confirming === account.id && (
                <div
                  role="group"
                  aria-label={`Confirm removing ${account.email}`}
                  className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 ring-1 ring-red-200"
                >
                  <p className="min-w-0 flex-1 basis-48 text-sm text-red-900">
                    {account.current
                      ? "Remove yourself? You will be signed out now."
                      : `Remove ${account.email}? They are signed out at once.`}
                  </p>
                  <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                  <PendingButton
                    variant="destructive"
                    size="sm"
                    pending={busy}
                    pendingLabel="Removing..."
                    onClick={() => void remove(account)}
                  >
                    Yes, remove
                  </PendingButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {removeError && <FormAlert look="box">{removeError}</FormAlert>}
      <Invitations roleHint={ROLE_HINT} reloadKey={accountsChanged} />
      <AddAdministrator
        onAdded={() => {
          // An invitation to the new account's email is closed by it.
          setAccountsChanged((n) => n + 1);
          void load();
        }}
      />
    </div>
  );
}

function AddAdministrator({ onAdded }: { onAdded: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("administrator");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setProblem("Enter the new administrator's email address.");
    if (password.length < 8) return setProblem("Use at least 8 characters for the password.");
    setBusy(true);
    setProblem(null);
    try {
      await addAccount(email.trim(), password, role);
      toast.success("Success", { description: `${email.trim()} can now sign in.` });
      setEmail("");
      setPassword("");
      onAdded();
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
      aria-labelledby="add-admin-heading"
      className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id="add-admin-heading" className="text-sm font-semibold text-slate-900">
        Add administrator
      </h3>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label="Email">
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <PasswordField
          label="Password"
          hint="At least 8 characters. Share it with them safely."
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
        />
        <Field label="Role" hint={ROLE_HINT}>
          {(props) => <RoleSelect {...props} value={role} onChange={setRole} />}
        </Field>
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex justify-end">
        <PendingButton type="submit" pending={busy} pendingLabel="Adding..." icon={<UserPlus aria-hidden="true" />}>
          Add administrator
        </PendingButton>
      </div>
    </form>
  );
}
