import { ShieldCheck } from "lucide-react";
import { may, type Role } from "#content/roles.ts";
import { AccountDialog } from "../account-dialog.tsx";
import { PolicySwitches } from "./policy-switches.tsx";
import { TwoFactorPanel } from "./two-factor-panel.tsx";

/** The account menu's icon for this dialog (kept here: the menu's own imports stay as they are). */
export const TwoFactorMenuIcon = ShieldCheck;

/** "Two-factor sign-in" from the account menu: set it up, see it, turn it off; Administrators also set who must use it. */
export function TwoFactorDialog({ open, role, onClose }: { open: boolean; role: Role; onClose: () => void }) {
  return (
    <AccountDialog
      open={open}
      onClose={onClose}
      title="Two-factor sign-in"
      description="After your password, sign in with a code from an authenticator app on your phone."
      className="sm:max-w-lg"
    >
      <TwoFactorPanel onDone={onClose} />
      {may(role, "PUT /api/auth/two-factor-policy") && <PolicySwitches />}
    </AccountDialog>
  );
}
