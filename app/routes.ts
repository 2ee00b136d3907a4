import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("admin", "routes/admin/index.tsx"),
  route("admin/setup", "routes/admin/setup.tsx"),
] satisfies RouteConfig;
