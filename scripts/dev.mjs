// `npm run dev`: the real server (database, sign-in, SSE, API) with Vite in front,
// so an edit to a component shows in the open page at once (hot reload), without a build.
// `npm run dev -- --fake-ai` (or DEV_FAKE_AI=1) answers drafting, translating and chat from a
// small local stand-in for an AI provider, to work offline.
import { EventEmitter } from "node:events";
import path from "node:path";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const ENTRY = "/server/dev/dev-server.ts";
const fakeAi = process.argv.includes("--fake-ai") || process.env.DEV_FAKE_AI === "1";

// React's development build, and the server's development mode (server/env.ts).
process.env.NODE_ENV = "development";
// Only this machine, unless HOST says otherwise: Vite serves the sources.
process.env.HOST ??= "127.0.0.1";

/** Vite's hot-reload WebSocket shares the site's port: the server's upgrade requests are passed on to it. */
const upgrades = new EventEmitter();
const upgraded = new Set();
let restart = () => {};

const vite = await createServer({
  root,
  configFile: path.join(root, "vite.config.ts"),
  server: {
    middlewareMode: true,
    hmr: { server: upgrades },
    // The app answers cross-origin requests as in production (server/http/middleware.ts).
    cors: false,
    // Files Vite may send as they are: these folders only, never the database in ./data.
    fs: { allow: ["app", "content", "public", "node_modules"].map((dir) => path.join(root, dir)) },
  },
  // Every dependency the pages use is prepared at start, not page by page (each one reloads the open page).
  optimizeDeps: {
    entries: ["app/root.tsx", "app/routes/**/*.{ts,tsx}", "!**/*.server.{ts,tsx}", "!**/*.test.{ts,tsx}"],
  },
  plugins: [
    {
      name: "agency-dev:restart-on-server-change",
      // After Vite has marked what an edit changed: server code needs a new server.
      hotUpdate() {
        if (this.environment.name === "ssr") restart();
      },
    },
  ],
});

const loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build");

/** True once the server's own code (not only a page) changed since it was loaded. */
function serverChanged() {
  const entry = vite.environments.ssr.moduleGraph.getModuleById(path.join(root, ENTRY));
  return entry !== undefined && entry.ssrModule === null;
}

async function load() {
  return vite.ssrLoadModule(ENTRY);
}

async function start() {
  const { loadEnv, startDevServer } = await load();
  const server = await startDevServer(loadEnv(), { middlewares: vite.middlewares, loadBuild });
  server.http.on("upgrade", (req, socket, head) => {
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
    upgrades.emit("upgrade", req, socket, head);
  });
  return server;
}

/** Closes the server; open hot-reload sockets would keep it open (the page reconnects, then reloads). */
async function stop(server) {
  for (const socket of upgraded) socket.destroy();
  await server.close();
}

let server;
try {
  if (fakeAi) {
    const { startFakeAi } = await load();
    const fake = await startFakeAi();
    // "Translate from English" gets its English text back, marked, with its link placeholders kept
    // (server/ai/translation-prompt.ts ends with it); everything else one fixed answer.
    fake.setDefault((request) => {
      const english = /\n\nEnglish text:\n([\s\S]*)$/.exec(request.prompt)?.[1];
      return english === undefined
        ? { kind: "text", text: "(The fake AI of npm run dev answered this: no model was asked.)" }
        : { kind: "text", text: `${english} (fake translation)` };
    });
    process.env.AI_PROVIDER = "openai";
    process.env.OPENAI_BASE_URL = fake.url;
    console.log(`Fake AI (OpenAI-compatible) at ${fake.url}`);
  }
  server = await start();
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  await vite.close();
  process.exit(1);
}

let restarting;
let timer;
restart = () => {
  clearTimeout(timer);
  // One restart for a burst of saves; none while an edit touched only pages.
  timer = setTimeout(() => {
    if (!serverChanged()) return;
    const previous = restarting;
    restarting = (async () => {
      await previous;
      console.log("Server code changed: restarting…");
      if (server) await stop(server);
      server = undefined;
      server = await start();
    })().catch((error) => {
      // Vite has shown where a module failed; the first line is enough here.
      const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      console.error(`The server did not start again (${reason}). Save a fix and it will try again.`);
    });
  }, 100);
};

let stopping = false;
const shutdown = async () => {
  if (stopping) return process.exit(1);
  stopping = true;
  clearTimeout(timer);
  await vite.close();
  if (server) await stop(server);
  process.exit(0);
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
