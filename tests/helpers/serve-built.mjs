// Runs the production build in this process with the environment it was given
// and prints {"url": …} on one line: the crash and contact-form fuzz suites
// start it as a child process, so they can SIGKILL it.
import { importServer } from "../../scripts/ensure-build.mjs";

const { start } = await importServer();
const server = await start();
console.log(JSON.stringify({ url: server.url.replace("localhost", "127.0.0.1") }));
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
