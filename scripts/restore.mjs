// `npm run restore -- …`: see README "Owner tools".
import { runCli } from "./run-cli.mjs";

await runCli("runRestoreCli");
