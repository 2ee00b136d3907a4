import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { MediaLibrary } from "#app/components/admin/media/media-library.tsx";
import type { Route } from "./+types/media";
import { adminPage } from "./gate.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Media · Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const page = await adminPage(context, "GET /admin/media");
  return page.allowed ? page.account : page.refused({});
}

/** The media library (issue 27): the images are read by the screen itself, page by page (GET /api/media). */
export default function Media({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} role={loaderData.role} page="media" twoFactorSetup={loaderData.twoFactorSetup}>
      {loaderData.role && loaderData.allowed ? <MediaLibrary role={loaderData.role} /> : null}
    </AdminShell>
  );
}
