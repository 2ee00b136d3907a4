import { useCallback, useEffect, useState } from "react";
import { LogOut, Monitor } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AccountDialog } from "./account-dialog.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import type { AccountSession } from "#content/sessions.ts";
import { formatAgo, formatWhen } from "../format.ts";
import { endOtherSessions, endSession, listSessions } from "../data/admin-api.ts";

/** "Your sessions": every browser signed in to this account, signed out one by one or all but this one. */
export function SessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AccountDialog
      open={open}
      onClose={onClose}
      title="Your sessions"
      description="The browsers signed in to your account. Sign out any you do not recognise, then change your password."
      className="sm:max-w-xl"
    >
      <Sessions />
    </AccountDialog>
  );
}

function Sessions() {
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      // This browser first, then the others as the server lists them (the most recently used first).
      const found = await listSessions();
      setSessions([...found.filter((s) => s.current), ...found.filter((s) => !s.current)]);
      setProblem(null);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function act(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      toast.success("Success", { description: done });
      await load();
    } catch (error) {
      toast.error("Error", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  if (problem) return <FormAlert look="box">{problem}</FormAlert>;
  if (!sessions)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading your sessions…
      </p>
    );
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="grid gap-4">
      <ul aria-label="Your sessions" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
            <Monitor aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">
                {session.browser} on {session.system}{" "}
                {session.current && <Badge variant="secondary">This browser</Badge>}
              </p>
              <p className="text-xs text-slate-600">
                Signed in {formatWhen(session.createdAt)} · last seen {formatAgo(session.lastSeenAt)}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Sign out ${session.browser} on ${session.system}, last seen ${formatAgo(session.lastSeenAt)}`}
                onClick={() => void act(() => endSession(session.id), "That session is signed out.")}
              >
                <LogOut aria-hidden="true" />
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={busy}
          onClick={() => void act(endOtherSessions, "Every other session is signed out.")}
        >
          Sign out all other sessions
        </Button>
      ) : (
        <p className="text-sm text-slate-600">You are signed in on this browser only.</p>
      )}
    </div>
  );
}
