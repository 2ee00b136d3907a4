/** How a post is named on its card and in labels: its title, or "Untitled Post" while it has none. */
export function postName(title: string): string {
  return title.trim() || "Untitled Post";
}
