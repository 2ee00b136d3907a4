import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { TwoFactorPanel } from "./two-factor-panel.tsx";

/**
 * Shown instead of the admin to an account whose role must use two-factor sign-in and has not
 * set it up (server/auth/two-factor/enforcement.ts): it cannot be closed, only completed, or left
 * by signing out. It offers the authenticator app or a passkey (which satisfies the policy too:
 * docs/decisions/024-passkeys.md). Once the codes are saved, or the passkey added, the page loads
 * again, now with the admin.
 */
export function TwoFactorSetupGate({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Dialog open>
      <DialogContent
        dismissible={false}
        title="Set up two-factor sign-in"
        description="Your role must confirm each sign-in with more than the password, so that a stolen password alone cannot open your account. Choose how to set it up now to continue."
        className="sm:max-w-lg"
      >
        <TwoFactorPanel required onDone={() => window.location.reload()} />
        <p className="text-sm text-slate-600">
          Not now?{" "}
          <button type="button" className="font-medium text-brand-700 underline" onClick={onSignOut}>
            Sign out
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}
