import { contactSchema } from "#content/schemas.ts";
import type { Route } from "./+types/map-preview";
import { previewMapEmbed } from "./map-preview.server.ts";

const codeSchema = contactSchema.shape.mapEmbed;

/**
 * POST /admin/map-preview {code} → {html}: the Contact tab's live preview of a
 * map embed, sanitised by the same function the server applies on save, so
 * the admin sees exactly what visitors will get. Admins only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) return Response.json({ error: "Please sign in to the admin panel." }, { status: 401 });
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405 });
  const body = (await request.json().catch(() => null)) as { code?: unknown } | null;
  const code = codeSchema.safeParse(body?.code);
  if (!code.success)
    return Response.json({ error: code.error.issues[0]?.message ?? "Send the embed code as text." }, { status: 400 });
  return Response.json({ html: previewMapEmbed(code.data) });
}
