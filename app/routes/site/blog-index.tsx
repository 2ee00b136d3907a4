import * as list from "#app/components/site/blog-list.tsx";
import { blogListCode } from "#app/components/site/blog-list-box.ts";

// The list's own pages bring the cards' code with the page's: the list's route (./blog.tsx) draws them at once.
blogListCode.module = list;

/** The blog's list itself (/blog, /blog/page/N): its route (./blog.tsx) draws the list; this one draws nothing. */
export default function BlogIndex() {
  return null;
}
