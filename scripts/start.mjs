// `npm start`: builds when the build is missing or older than the sources, then serves.
import { ensureBuild, importServer } from "./ensure-build.mjs";
import { warnIfUnsupportedNode } from "./node-version.mjs";

warnIfUnsupportedNode();

try {
  ensureBuild();
  const { start } = await importServer();
  const server = await start();
  // SIGTERM (systemd, a deploy) or Ctrl-C: a graceful stop (docs/operations.md "Stopping"), then exit 0. A second one exits at once.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
