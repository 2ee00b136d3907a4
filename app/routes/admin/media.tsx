import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { MediaLibrary } from "#app/components/admin/media/media-library.tsx";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = () => [{ title: "Media · Admin" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  if (!context.user) return { email: null, role: null, twoFactorSetup: false };
  const { email, role } = context.user;
  // Its role must use two-factor sign-in: nothing but the set-up until it has (server/auth/two-factor/).
  return { email, role, twoFactorSetup: context.user.twoFactorSetupRequired === true };
}

/** The media library (issue 27): the images are read by the screen itself, page by page (GET /api/media). */
export default function Media({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} role={loaderData.role} page="media" twoFactorSetup={loaderData.twoFactorSetup}>
      {loaderData.role && !loaderData.twoFactorSetup ? <MediaLibrary role={loaderData.role} /> : null}
    </AdminShell>
  );
}
