import { useEffect, useState } from "react";
import { ROLES, type Role } from "#content/roles.ts";
import type { TwoFactorPolicy } from "#content/two-factor.ts";
import { Switch } from "#app/components/ui/switch.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { loadTwoFactorPolicy, saveTwoFactorPolicy } from "../../data/two-factor-api.ts";

/** The policy's switch for each role, named for the people it covers. */
const ROLE_GROUPS: Record<Role, string> = { administrator: "Administrators", editor: "Editors", writer: "Writers" };

/** "Require two-factor sign-in" for each role (Administrators only), saved as each switch changes. */
export function PolicySwitches() {
  const [policy, setPolicy] = useState<TwoFactorPolicy | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadTwoFactorPolicy().then(setPolicy, (error: Error) => toast.error("Error", { description: error.message }));
  }, []);

  async function change(role: Role, required: boolean) {
    if (!policy) return;
    setBusy(true);
    try {
      setPolicy(await saveTwoFactorPolicy({ required: { ...policy.required, [role]: required } }));
      toast.success("Saved", {
        description: `${ROLE_GROUPS[role]} ${required ? "must now" : "no longer must"} use two-factor sign-in.`,
      });
    } catch (error) {
      toast.error("Error", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="two-factor-policy" className="grid gap-3 border-t border-slate-200 pt-4">
      <div>
        <h3 id="two-factor-policy" className="text-sm font-semibold text-slate-900">
          Require two-factor sign-in
        </h3>
        <p className="text-sm text-slate-600">
          Accounts of these roles without it can still sign in with their password, but must set it up before anything
          else.
        </p>
      </div>
      {policy ? (
        <ul className="grid gap-2">
          {ROLES.map((role) => (
            <li key={role} className="flex items-center justify-between gap-3">
              <label htmlFor={`require-${role}`} className="text-sm text-slate-800">
                {ROLE_GROUPS[role]}
              </label>
              <Switch
                id={`require-${role}`}
                checked={policy.required[role]}
                disabled={busy}
                onCheckedChange={(checked) => void change(role, checked)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Loading…</p>
      )}
    </section>
  );
}
