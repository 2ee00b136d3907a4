/**
 * Browser-side helpers for the admin's AI drafting buttons. They call our own
 * server (POST /api/ai/generate); the model and its key stay on the server.
 */

export type AiTask = "feature-description" | "service" | "blog-description" | "blog-content";

export interface ServiceDraft {
  description: string;
  features: string[];
}

export interface BlogDraft {
  content: string;
  excerpt: string;
  readTime: string;
  date: string;
}

interface TaskResults {
  "feature-description": { text: string };
  service: ServiceDraft;
  "blog-description": { text: string };
  "blog-content": BlogDraft;
}

async function generate<T extends AiTask>(task: T, title: string): Promise<TaskResults[T]> {
  let response: Response;
  try {
    response = await fetch("/api/ai/generate", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ task, title }),
    });
  } catch {
    throw new Error("Failed to generate content");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body && typeof body === "object" && "error" in body && typeof body.error === "string"
        ? body.error
        : "Failed to generate content";
    throw new Error(message);
  }
  if (!body || typeof body !== "object") throw new Error("Failed to generate content");
  return body as TaskResults[T];
}

/** A 2–3 sentence description for a home-page feature card. */
export async function generateFeatureDescription(title: string): Promise<string> {
  return (await generate("feature-description", title)).text;
}

/** A 2–3 sentence description plus 4–6 features for a service. */
export async function generateServiceContent(title: string): Promise<ServiceDraft> {
  const { description, features } = await generate("service", title);
  return { description, features };
}

/** A 1–2 sentence excerpt for a blog post. */
export async function generateBlogDescription(title: string): Promise<string> {
  return (await generate("blog-description", title)).text;
}

/** A full 800–1200 word post in the site's simple markup, with excerpt, reading time and today's date. */
export async function generateBlogContent(title: string): Promise<BlogDraft> {
  const { content, excerpt, readTime, date } = await generate("blog-content", title);
  return { content, excerpt, readTime, date };
}
