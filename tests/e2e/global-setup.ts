import { ensureBuild } from "../../scripts/ensure-build.mjs";

/** End-to-end tests drive the production build: make sure it is current. */
export default function globalSetup() {
  ensureBuild();
}
