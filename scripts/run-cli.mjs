// Runs one of the server's shell commands from the built bundle (building first when stale).
import { ensureBuild, importServer } from "./ensure-build.mjs";

/** `name` is an export of server/app.ts taking (args, env) and resolving to an exit code. */
export async function runCli(name) {
  try {
    ensureBuild();
    const server = await importServer();
    const env = server.loadEnv();
    process.exitCode = await server[name](process.argv.slice(2), env);
  } catch (error) {
    console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
    process.exitCode = 1;
  }
}
