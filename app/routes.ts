import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("services", "routes/site/services.tsx"),
    route("blog", "routes/site/blog.tsx", [route(":slug", "routes/site/blog-post.tsx")]),
    route("blog/page/:page", "routes/site/blog.tsx", { id: "blog-page" }),
    route("partners", "routes/site/partners.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("done", "routes/site/done.tsx"),
    route("privacy-policy", "routes/site/legal.tsx", { id: "privacy-policy" }),
    route("terms-conditions", "routes/site/legal.tsx", { id: "terms-conditions" }),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("blog/feed.xml", "routes/feed.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("admin", "routes/admin/index.tsx"),
  route("admin/insights", "routes/admin/insights.tsx"),
  route("admin/setup", "routes/admin/setup.tsx"),
  route("admin/map-preview", "routes/admin/map-preview.ts"),
] satisfies RouteConfig;
