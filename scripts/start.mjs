// `npm start`: builds when the build is missing or older than the sources, then serves.
import { ensureBuild, importServer } from "./ensure-build.mjs";
import { warnIfUnsupportedNode } from "./node-version.mjs";

warnIfUnsupportedNode();

try {
  ensureBuild();
  const { start } = await importServer();
  const server = await start();
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
