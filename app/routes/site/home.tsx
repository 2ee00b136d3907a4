import { readDocument } from "#app/lib/content.server.ts";
import type { LiveHandle } from "#app/hooks/use-live-content.ts";
import type { Route } from "./+types/home";

export const handle: LiveHandle = { documents: ["home"] };

export async function loader({ context }: Route.LoaderArgs) {
  return { home: await readDocument(context, "home") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero } = loaderData.home;
  return (
    <section className="mx-auto max-w-5xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{hero.title}</h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">{hero.subtitle}</p>
    </section>
  );
}
