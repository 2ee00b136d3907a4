import type * as BlogListModule from "./blog-list.tsx";

/**
 * The blog's cards and page links (./blog-list.tsx), once their code is here: the list's own pages
 * (/blog, /blog/page/N) bring it with the page's code (their index route,
 * app/routes/site/blog-index.tsx, puts it here), and the list's route (app/routes/site/blog.tsx)
 * draws them from it at once. A post at its own address, where the reader covers the list, loads
 * that code after the page's own (decision 007). The server has it from the start.
 */
export const blogListCode: { module?: typeof BlogListModule } = {};
