import { contactSchema } from "#content/schemas.ts";
import type { Route } from "./+types/map-preview";
import { refusedAction } from "./gate.server.ts";
import { previewMapEmbed } from "./map-preview.server.ts";

const codeSchema = contactSchema.shape.mapEmbed;

/**
 * POST /admin/map-preview {code} → {html}: the Contact tab's live preview of a
 * map embed, sanitised by the same function the server applies on save, so
 * the admin sees exactly what visitors will get. For those who may edit the Contact tab (the gate:
 * #content/access.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = await refusedAction(context, "POST /admin/map-preview");
  if (refused) return refused;
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405 });
  const body = (await request.json().catch(() => null)) as { code?: unknown } | null;
  const code = codeSchema.safeParse(body?.code);
  if (!code.success)
    return Response.json({ error: code.error.issues[0]?.message ?? "Send the embed code as text." }, { status: 400 });
  return Response.json({ html: previewMapEmbed(code.data) });
}
