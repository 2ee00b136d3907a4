import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router v8's behaviour, taken early where it changes nothing we rely on.
  // A flag set to false is a decision, not an oversight (and silences its build warning).
  future: {
    // Builds through Vite's Environment API (v8 requires it): the build output is byte for byte the same.
    v8_viteEnvironmentApi: true,
    // Off: loaders read `context.deps` from the plain object server/app.ts passes;
    // with middleware on, React Router accepts only a RouterContextProvider there.
    v8_middleware: false,
    // Off: it re-cuts the browser build (the layout's clientMiddleware, live-refresh and
    // a React Router chunk come apart), changing the first-load JavaScript of
    // docs/decisions/007-initial-javascript.md, while no route has a clientLoader to gain.
    v8_splitRouteModules: false,
    // Off: loaders would see `/about.data` instead of `/about` in request.url
    // (not-found and blog-post log that path; the legal pages read it).
    v8_passThroughRequests: false,
    // Off: the root's data URL becomes `/_.data` instead of `/_root.data`, which
    // the page cache keys and the end-to-end tests (home.spec.ts) fetch.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
