import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { toast, Toaster } from "#app/components/ui/toaster.tsx";
import type { Role } from "#content/roles.ts";
import { AdminHeader, type AdminPage } from "./admin-header.tsx";
import { signOut } from "./data/admin-api.ts";
import { LoginForm } from "./login-form.tsx";

/**
 * What every admin page shares: the sign-in form while signed out; once
 * signed in, the header (with its links between the pages `role` may use)
 * above the page. Signing in or out loads the page's data again.
 */
export function AdminShell({
  email,
  role,
  page,
  children,
}: {
  email: string | null;
  role: Role | null;
  page: AdminPage;
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
      {email && role ? (
        <>
          <AdminHeader email={email} role={role} page={page} onLogout={() => void logout()} />
          {/* Room at the bottom so the floating chat button never covers the last field. */}
          <main className="pb-24">{children}</main>
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
