import { useState } from "react";
import { useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { adminDocumentKeys } from "#app/components/admin/tab-registry.tsx";
import { AdminHeader } from "#app/components/admin/admin-header.tsx";
import { AdminPanel } from "#app/components/admin/admin-panel.tsx";
import { LoginForm } from "#app/components/admin/login-form.tsx";
import { signOut } from "#app/components/admin/data/admin-api.ts";
import type { AdminDocuments } from "#app/components/admin/data/document-store.ts";
import { SiteTimeZoneContext } from "#app/components/admin/data/site-time-zone.ts";
import { toast, Toaster } from "#app/components/ui/toaster.tsx";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const timeZone = context.deps.env.SITE_TIMEZONE;
  if (!context.user) return { email: null, documents: {} as AdminDocuments, timeZone };
  const { store } = context.deps;
  const entries = await Promise.all(
    adminDocumentKeys.map(async (key) => [key, await store.documents.get(key)] as const),
  );
  return { email: context.user.email, documents: Object.fromEntries(entries) as AdminDocuments, timeZone };
}

/** Switching tabs only changes ?tab=; the documents are already here and kept live. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [email, setEmail] = useState("");
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
    setEmail("");
    setPassword("");
    toast.success("Success", { description: "Successfully logged out." });
    await revalidator.revalidate();
  }

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
      {loaderData.email ? (
        <>
          <AdminHeader email={loaderData.email} onLogout={() => void logout()} />
          {/* Room at the bottom so the floating chat button never covers the last field. */}
          <main className="pb-24">
            <SiteTimeZoneContext.Provider value={loaderData.timeZone}>
              <AdminPanel key={loaderData.email} email={loaderData.email} initialDocuments={loaderData.documents} />
            </SiteTimeZoneContext.Provider>
          </main>
        </>
      ) : (
        <LoginForm
          email={email}
          password={password}
          onEmailChange={setEmail}
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
