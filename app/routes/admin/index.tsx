import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.user?.email ?? null };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">Admin</h1>
      <p className="mt-2">{loaderData.email ? `Welcome ${loaderData.email}` : "Please sign in."}</p>
    </main>
  );
}
