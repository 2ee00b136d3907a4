import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { toast, Toaster } from "#app/components/ui/toaster.tsx";
import type { Role } from "#content/roles.ts";
import { AdminHeader, type AdminPage } from "./admin-header.tsx";
import { signOut } from "./data/admin-api.ts";
import { LoginForm } from "./login-form.tsx";
import { TwoFactorSetupGate } from "./accounts/two-factor/two-factor-setup-gate.tsx";
import { ReconfirmDialog } from "./accounts/reconfirm-dialog.tsx";

/**
 * What every admin page shares: the sign-in form while signed out; once
 * signed in, the header (with its links between the pages `role` may use)
 * above the page. Signing in or out loads the page's data again.
 */
export function AdminShell({
  email,
  role,
  page,
  twoFactorSetup = false,
  children,
}: {
  email: string | null;
  role: Role | null;
  page: AdminPage;
  /** The account's role must use two-factor sign-in and it has not set it up: nothing else until it has. */
  twoFactorSetup?: boolean;
  children: ReactNode;
}) {
  const revalidator = useRevalidator();
  const [typedEmail, setTypedEmail] = useState("");
  const [password, setPassword] = useState("");

  async function logout() {
    const done = await signOut().then(
      () => true,
      () => false,
    );
    if (!done) {
      toast.error("Error", { description: "Could not log out. Please try again." });
      return;
    }
    setTypedEmail("");
    setPassword("");
    toast.success("Success", { description: "Successfully logged out." });
    await revalidator.revalidate();
  }

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
      {email && role && twoFactorSetup ? (
        // Nothing of the admin until it is set up: its calls would all be refused (403). Setting
        // it up may ask for the password again (a session older than ten minutes).
        <>
          <TwoFactorSetupGate onSignOut={() => void logout()} />
          <ReconfirmDialog />
        </>
      ) : email && role ? (
        <>
          <AdminHeader email={email} role={role} page={page} onLogout={() => void logout()} />
          {/* Room at the bottom so the floating chat button never covers the last field (and app.css's scroll padding). */}
          <main data-admin-main="" className="pb-24">
            {children}
          </main>
          {/* Asked for by a sensitive action the server wants the password again for (#app/lib/api.ts). */}
          <ReconfirmDialog />
        </>
      ) : (
        <LoginForm
          email={typedEmail}
          password={password}
          onEmailChange={setTypedEmail}
          onPasswordChange={setPassword}
          onSignedIn={() => {
            setPassword("");
            void revalidator.revalidate();
          }}
        />
      )}
      <Toaster />
    </div>
  );
}
