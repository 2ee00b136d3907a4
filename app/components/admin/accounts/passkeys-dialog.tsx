import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Fingerprint, Pencil, Plus, Trash2 } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { AccountDialog } from "./account-dialog.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { PASSKEY_NAME_MAX, type Passkey } from "#content/passkeys.ts";
import { formatAgo, formatWhen } from "../format.ts";
import { addPasskey, listPasskeys, passkeysSupported, removePasskey, renamePasskey } from "../data/passkeys-api.ts";

export { Fingerprint as PasskeyMenuIcon };

/**
 * "Passkeys": the account's passkeys (name, added, last used), renamed or removed one by one, and
 * "Add a passkey" for this device. The server names a new one from the browser and system
 * ("Chrome on Linux"); adding or removing one signs the account's other browsers out.
 */
export function PasskeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AccountDialog
      open={open}
      onClose={onClose}
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of your password and code. Adding or removing a passkey signs you out on your other browsers."
      className="sm:max-w-xl"
    >
      <Passkeys />
    </AccountDialog>
  );
}

function Passkeys() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [supported] = useState(passkeysSupported);

  const load = useCallback(async () => {
    try {
      setPasskeys(await listPasskeys());
      setProblem(null);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  /** Runs `run`, says `done` and lists again; false when it failed (its message shown). */
  async function act(run: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      await run();
      toast.success("Success", { description: done });
      await load();
      return true;
    } catch (error) {
      toast.error("Error", { description: (error as Error).message });
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (problem) return <FormAlert look="box">{problem}</FormAlert>;
  if (!passkeys)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading your passkeys…
      </p>
    );
  return (
    <div className="grid gap-4">
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              busy={busy}
              onRename={(name) => act(() => renamePasskey(passkey.id, name), "The passkey is renamed.")}
              onRemove={() => act(() => removePasskey(passkey.id), `“${passkey.name}” is removed.`)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">You have no passkeys yet.</p>
      )}
      {supported ? (
        <Button
          className="justify-self-start"
          disabled={busy}
          onClick={() => void act(addPasskey, "The passkey is added. You can sign in with it now.")}
        >
          <Plus aria-hidden="true" />
          Add a passkey
        </Button>
      ) : (
        <p className="text-sm text-slate-600">This browser cannot use passkeys.</p>
      )}
    </div>
  );
}

function PasskeyRow({
  passkey,
  busy,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  busy: boolean;
  onRename: (name: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}) {
  const [mode, setMode] = useState<"show" | "rename" | "remove">("show");
  const [name, setName] = useState(passkey.name);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await onRename(name)) setMode("show");
  }

  if (mode === "rename")
    return (
      <li className="px-3 py-2.5">
        <form className="flex flex-wrap items-center gap-2" onSubmit={(event) => void onSubmit(event)}>
          <Input
            aria-label={`New name for “${passkey.name}”`}
            className="min-w-0 flex-1 basis-48"
            maxLength={PASSKEY_NAME_MAX}
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" size="sm" disabled={busy}>
            Save name
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setMode("show")}>
            Cancel
          </Button>
        </form>
      </li>
    );
  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2.5">
      <Fingerprint aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-medium text-slate-900">{passkey.name}</p>
        <p className="text-xs text-slate-600">
          Added {formatWhen(passkey.createdAt)} ·{" "}
          {passkey.lastUsedAt ? `last used ${formatAgo(passkey.lastUsedAt)}` : "not used yet"}
        </p>
      </div>
      {mode === "remove" ? (
        <div className="flex items-center gap-2" role="group" aria-label={`Remove “${passkey.name}”?`}>
          <Button variant="destructive" size="sm" disabled={busy} onClick={() => void onRemove()}>
            Yes, remove
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMode("show")}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Rename “${passkey.name}”`}
            onClick={() => {
              setName(passkey.name);
              setMode("rename");
            }}
          >
            <Pencil aria-hidden="true" />
            Rename
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Remove “${passkey.name}”`}
            onClick={() => setMode("remove")}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}
