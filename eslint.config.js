import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Server code never imports the React app. */
const noAppImport = {
  regex: "^(#app/|(\\.\\./)+app/)",
  message: "Server code does not import the React app (app/); move what both sides need to content/.",
};

/** What browser code may not import (README "Layout"). */
const browserImports = [
  {
    regex: "^(#server/|(\\.\\./)+server/)",
    allowTypeImports: true,
    message:
      "Browser code must not load server code: import it from a *.server.ts module, or move what both sides need to content/.",
  },
  {
    regex: "^(#content/|(\\.\\./)+content/)i18n/(chat/)?(en|si|ta)(\\.ts)?$",
    allowTypeImports: true,
    message:
      "A page's strings come from the root loader (#app/lib/i18n.ts), the chat panel's from its catalog, loaded on first use (app/components/chat/chat-messages.ts): browser code imports no dictionary.",
  },
  {
    regex: "^(#content/|(\\.\\./)+content/)i18n/dictionaries(\\.ts)?$",
    message:
      "Every language's strings are server only (content/i18n/dictionaries.ts): a page gets its own from the root loader (#app/lib/i18n.ts).",
  },
  {
    regex: "^(#content/|(\\.\\./)+content/)defaults(\\.ts)?$",
    message:
      "The default prose is server only (content/defaults.ts): pages get it from the store, through a *.server.ts module.",
  },
];

/**
 * Schemas that reach the browser are built with content/zod.ts's zod, set `jitless`: zod's own
 * probes `new Function`, which the admin's Content Security Policy (no 'unsafe-eval') reports.
 */
const configuredZod = {
  regex: "^zod(/mini)?$",
  allowTypeImports: true,
  message: "Build schemas with the zod of content/zod.ts (jitless under the site's Content Security Policy).",
};
browserImports.push(configuredZod);

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "reports/", "test-results/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-empty-pattern": "off",
    },
  },
  // Import boundaries (README "Layout"). Browser code reaches server code only
  // through `*.server.ts` modules, which React Router keeps out of the browser
  // build; a type-only import is erased and allowed. So does the default prose
  // (content/defaults.ts). content/ is shared by both sides and imports neither.
  // Tests may import anything.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/entry.server.tsx", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: browserImports }],
    },
  },
  // The public pages draw their icons themselves (app/components/site/icons/): lucide-react's
  // runtime would cost every page about 2.5 KiB gzip of its 15 KiB budget.
  {
    files: ["app/root.tsx", "app/routes/site/**/*.tsx", "app/components/{site,chat}/**/*.tsx"],
    ignores: ["**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...browserImports,
            {
              regex: "^lucide-react",
              message: "Public pages take their icons from #app/components/site/icons/ (add the icon there).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["content/**/*.ts"],
    ignores: ["**/*.test.ts", "content/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#server/|#app/|(\\.\\./)+(server|app)/)",
              message: "content/ is shared by the browser and the server: it imports neither app/ nor server/.",
            },
            configuredZod,
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [noAppImport],
        },
      ],
    },
  },
  // server/assembly/ makes the server from the features: only the entries (server/app.ts and its
  // load context, `npm run dev`) import it. server/http/ holds the helpers features import, and
  // imports no feature. decisions/019-one-way-imports.md; circles: madge in `npm run lint`.
  {
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts", "server/assembly/**", "server/app.ts", "server/load-context.ts", "server/dev/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            noAppImport,
            {
              regex: "^(#server/assembly/|(\\.\\./)+assembly/)",
              message:
                "A feature does not import the assembly (server/assembly/): declare the services it uses (AppBindings<…>, a start function's argument).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/http/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#app/|#server/(?!env\\.ts$|logger\\.ts$|lib/|http/)|\\.\\./)",
              message:
                "server/http/ holds the helpers every feature imports: it imports no feature (only server/env.ts, logger.ts, lib/ and content/).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their callback `use`, which is not a React hook.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
