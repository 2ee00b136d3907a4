import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // The SSR bundle's entry is our Hono server, so the database handle and the
  // event bus exist once per process (docs/decisions/001-one-process.md).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : { target: "es2022" },
}));
