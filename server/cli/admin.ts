import { emailField, passwordField } from "#server/auth/account-fields.ts";
import { hashPassword } from "#server/auth/password.ts";
import { openStore } from "#server/db/open.ts";
import type { Env } from "#server/env.ts";
import { consoleIo, type CliIo } from "./io.ts";

const USAGE = `Usage:
  npm run admin -- list
  npm run admin -- create <email> <password>
  npm run admin -- reset-password <email> <password>
  npm run admin -- reset-2fa <email>
The database is PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (default ./data).`;

function check(
  email: string | undefined,
  password: string | undefined,
  io: CliIo,
): { email: string; password: string } | undefined {
  const e = emailField.safeParse(email?.trim() ?? "");
  if (!e.success) {
    io.err(`"${email ?? ""}" is not a valid email address.`);
    return undefined;
  }
  const p = passwordField.safeParse(password ?? "");
  if (!p.success) {
    io.err(`The password is too short: ${p.error.issues[0]?.message ?? "use at least 8 characters."}`);
    return undefined;
  }
  return { email: e.data, password: p.data };
}

/**
 * `npm run admin -- …`: manages administrators straight in the database
 * (DATABASE_URL's PostgreSQL, else SQLite in DATA_DIR), for an administrator
 * who is locked out. Safe while the server runs (SQLite WAL; PostgreSQL transactions):
 * a reset password ends the sessions every instance checks on each request.
 * Returns the process exit code.
 */
export async function runAdminCli(
  args: string[],
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL">,
  io: CliIo = consoleIo,
): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !["list", "create", "reset-password", "reset-2fa"].includes(command)) {
    io.err(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
    return 2;
  }
  if (command === "reset-2fa") return resetTwoFactor(rest[0], env, io);
  const input = command === "list" ? undefined : check(rest[0], rest[1], io);
  if (command !== "list" && !input) return 1;

  const store = await openStore(env);
  try {
    if (command === "list") {
      const users = await store.users.list();
      if (users.length === 0) io.out("No administrators yet.");
      for (const user of users) io.out(`${user.email}\t(added ${user.createdAt})`);
      return 0;
    }
    const { email, password } = input!;
    if (command === "create") {
      const exists = () =>
        io.err(`An administrator ${email.toLowerCase()} already exists. Use reset-password to change the password.`);
      // Checked before the (slow) hash; the unique index still settles a race.
      if (await store.users.findByEmail(email)) {
        exists();
        return 1;
      }
      const user = await store.users.create(email, await hashPassword(password));
      if (!user) {
        exists();
        return 1;
      }
      io.out(`Created administrator ${user.email}.`);
      return 0;
    }
    const user = await store.users.findByEmail(email);
    if (!user) {
      io.err(`There is no administrator ${email.toLowerCase()}. Use create to add one.`);
      return 1;
    }
    await store.users.setPassword(user.id, await hashPassword(password));
    await store.sessions.removeForUser(user.id);
    io.out(`Changed the password of ${user.email} and signed them out everywhere.`);
    return 0;
  } finally {
    await store.close();
  }
}

/**
 * `reset-2fa <email>`: for an account locked out of its second factor (a lost phone and no recovery
 * code left). Turns two-factor off and ends its sessions; it signs in with its password alone and
 * can set it up again (at once, if its role must use it).
 */
async function resetTwoFactor(
  email: string | undefined,
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL">,
  io: CliIo,
): Promise<number> {
  const parsed = emailField.safeParse(email?.trim() ?? "");
  if (!parsed.success) {
    io.err(`"${email ?? ""}" is not a valid email address.`);
    return 1;
  }
  const store = await openStore(env);
  try {
    const user = await store.users.findByEmail(parsed.data);
    if (!user) {
      io.err(`There is no account ${parsed.data.toLowerCase()}.`);
      return 1;
    }
    if (!(await store.twoFactor.status(user.id)).enabled) {
      io.out(`${user.email} does not use two-factor sign-in: nothing to reset.`);
      return 0;
    }
    await store.twoFactor.turnOff(user.id);
    // Its passkeys too: a lost one would otherwise still be its required second factor.
    await store.passkeys.removeAll(user.id);
    await store.sessions.removeForUser(user.id);
    io.out(
      `Turned off two-factor sign-in for ${user.email} and signed them out everywhere. They sign in with their password and can set it up again.`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
