import { afterEach, describe, expect, it } from "vitest";
import { submitContactMessage } from "#server/contact/submit.ts";
import { signIn } from "../helpers/api-server.ts";
import { startFakeFormMail, type FakeFormMail } from "../helpers/fake-formmail.ts";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../helpers/admin-server.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function fakes() {
  const smtp = await startFakeSmtp();
  const form = await startFakeFormMail();
  cleanups.push(
    () => smtp.close(),
    () => form.close(),
  );
  return { smtp, form };
}

function mailEnv(smtp: FakeSmtp | undefined, form: FakeFormMail | undefined): Record<string, string> {
  return {
    ...(smtp ? { SMTP_URL: smtp.url, CONTACT_TO: "inbox@lankagrowth.example" } : {}),
    ...(form ? { CONTACT_FORWARD_URL: form.url } : {}),
  };
}

async function start(options: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(options);
  cleanups.push(() => server.close());
  return server;
}

const visitor = {
  name: "Nimal Perera",
  email: "nimal@example.lk",
  company: "Perera Tea Exports",
  message: "We would like help with our export marketing.\nCan we meet next week?",
};

async function send(server: TestServer, fields: Record<string, string> = visitor, ip = "203.0.113.50") {
  const result = await submitContactMessage(server.deps, fields, {
    ip,
    userAgent: "vitest",
    origin: "https://agency.example.lk",
  });
  if (!result.ok) throw new Error(`not accepted: ${result.formError}`);
  return result.message;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const deliveriesOf = (server: TestServer, id: number) => server.deps.store.outbox.forMessages([id]);

describe("contact message delivery", () => {
  it("e-mails the admin and forwards the original's fields to the form-mail service", async () => {
    const { smtp, form } = await fakes();
    const server = await start({ env: mailEnv(smtp, form), outbox: { intervalMs: 50 } });
    const message = await send(server);

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["inbox@lankagrowth.example"]);
    expect(mail!.subject).toBe("New Contact Form Submission");
    expect(mail!.replyTo).toBe("Nimal Perera <nimal@example.lk>");
    expect(mail!.text).toContain(
      "Name: Nimal Perera\nEmail: nimal@example.lk\nCompany: Perera Tea Exports\n\nMessage:\n",
    );
    expect(mail!.text).toContain(visitor.message);

    const [post] = await form.waitFor(1);
    expect(post!.method).toBe("POST");
    expect(post!.path).toBe("/f/owner@example.lk");
    expect(post!.contentType).toBe("application/x-www-form-urlencoded");
    expect(post!.fields).toEqual({
      ...visitor,
      _next: "https://agency.example.lk/done",
      _subject: "New Contact Form Submission",
      _captcha: "false",
    });

    const list = await until(
      () => deliveriesOf(server, message.id),
      (l) => l.every((d) => d.status === "sent"),
    );
    expect(list.map((d) => [d.channel, d.status, d.attempts])).toEqual([
      ["email", "sent", 1],
      ["forward", "sent", 1],
    ]);

    // The inbox shows the status beside the message.
    const api = adminFetch(server, await signIn(server.url));
    const inbox = await (await api("/api/messages")).json();
    expect(inbox.messages[0].deliveries).toEqual([
      expect.objectContaining({ channel: "email", status: "sent", attempts: 1, lastError: null }),
      expect.objectContaining({ channel: "forward", status: "sent", attempts: 1, lastError: null }),
    ]);
    expect(smtp.mails).toHaveLength(1);
    expect(form.posts).toHaveLength(1);
  });

  it("keeps a name with line breaks on one line, stored and e-mailed, so that it forges no line in the e-mail", async () => {
    const { smtp } = await fakes();
    const server = await start({ env: mailEnv(smtp, undefined), outbox: { intervalMs: 50 } });
    const forged = "Eve\r\nBcc: victim@example.com\r\nX-Injected: 1";
    const before = await server.deps.store.messages.list();
    const message = await send(server, { ...visitor, name: forged, email: "eve@example.com", company: "A\u2028B" });
    expect(await server.deps.store.messages.list()).toEqual([
      expect.objectContaining({
        id: message.id,
        name: "Eve Bcc: victim@example.com X-Injected: 1",
        email: "eve@example.com",
        company: "A B",
        message: visitor.message,
      }),
      ...before,
    ]);
    // One stored before names were kept on one line: its e-mail folds the name itself.
    await server.deps.store.messages.add(
      { name: forged, email: "old@example.com", company: "", message: "Hello", ip: null, userAgent: null },
      { channels: ["email"], origin: "https://agency.example.lk" },
    );
    server.deps.outbox.wake();

    for (const mail of await smtp.waitFor(2)) {
      const lines = mail.text.split("\n");
      expect(lines.filter((line) => /^(Bcc|X-Injected):/i.test(line))).toEqual([]);
      expect(lines[0]).toBe("Name: Eve Bcc: victim@example.com X-Injected: 1");
      expect(lines[1]).toMatch(/^Email: (eve|old)@example\.com$/);
      expect(Object.keys(mail.headers)).not.toContain("bcc");
      expect(Object.keys(mail.headers)).not.toContain("x-injected");
      expect(mail.to).toEqual(["inbox@lankagrowth.example"]);
    }
  });

  it("retries after the mail server refuses, with the reason recorded meanwhile", async () => {
    const { smtp } = await fakes();
    smtp.refuse(1);
    const server = await start({
      env: mailEnv(smtp, undefined),
      outbox: { intervalMs: 50, retrySchedule: [600, 600] },
    });
    const message = await send(server);

    const waiting = await until(
      () => deliveriesOf(server, message.id),
      (l) => l[0]?.attempts === 1 && l[0].lastError !== null,
    );
    expect(waiting[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting[0]!.lastError).toMatch(/451/);
    expect(smtp.mails).toHaveLength(0);

    await smtp.waitFor(1);
    const done = await until(
      () => deliveriesOf(server, message.id),
      (l) => l[0]?.status === "sent",
    );
    expect(done[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.mails).toHaveLength(1);
  });

  it("resumes pending deliveries after a restart and sends each exactly once", async () => {
    const { smtp, form } = await fakes();
    smtp.refuse(1);
    form.fail(1);
    const dataDir = tempDir();
    const env = mailEnv(smtp, form);
    const first = await startTestServer({ dataDir, env, outbox: { intervalMs: 50, retrySchedule: [800] } });
    cleanups.push(() => first.close());
    const message = await send(first);
    await until(
      () => deliveriesOf(first, message.id),
      (l) => l.length === 2 && l.every((d) => d.attempts === 1 && d.lastError),
    );
    await first.stop();
    expect(smtp.mails).toHaveLength(0);

    const second = await start({ dataDir, env, outbox: { intervalMs: 50, retrySchedule: [800] } });
    await smtp.waitFor(1);
    await form.waitFor(2);
    const list = await until(
      () => deliveriesOf(second, message.id),
      (l) => l.every((d) => d.status === "sent"),
    );
    expect(list.map((d) => d.attempts)).toEqual([2, 2]);

    // More sweeps send nothing more.
    await second.deps.outbox.tick();
    await second.deps.outbox.tick();
    expect(smtp.mails).toHaveLength(1);
    expect(form.posts).toHaveLength(2);
    expect(form.posts[1]!.fields["email"]).toBe("nimal@example.lk");
  });

  it("gives up after the last attempt and shows why", async () => {
    const { form } = await fakes();
    form.fail(100);
    const server = await start({ env: mailEnv(undefined, form), outbox: { intervalMs: 30, retrySchedule: [30, 30] } });
    const message = await send(server);
    const list = await until(
      () => deliveriesOf(server, message.id),
      (l) => l[0]?.status === "failed",
    );
    expect(list[0]).toMatchObject({ channel: "forward", status: "failed", attempts: 3 });
    expect(list[0]!.lastError).toBe("The form-mail service answered 503 Service Unavailable");
    await server.deps.outbox.tick();
    expect(form.posts).toHaveLength(3);

    const api = adminFetch(server, await signIn(server.url));
    const inbox = await (await api("/api/messages")).json();
    expect(inbox.messages[0].deliveries[0]).toMatchObject({
      status: "failed",
      lastError: "The form-mail service answered 503 Service Unavailable",
    });
  });

  it("never sends one delivery twice when sweeps overlap", async () => {
    const { smtp } = await fakes();
    // A long interval: only the sweeps below run.
    const server = await start({ env: mailEnv(smtp, undefined), outbox: { intervalMs: 60_000 } });
    await server.deps.outbox.stop();
    const messages = [await send(server), await send(server, { ...visitor, name: "Kamala Silva" })];
    await Promise.all([server.deps.outbox.tick(), server.deps.outbox.tick(), server.deps.outbox.tick()]);
    await smtp.waitFor(2);
    expect(smtp.mails.map((m) => m.replyTo).sort()).toEqual([
      "Kamala Silva <nimal@example.lk>",
      "Nimal Perera <nimal@example.lk>",
    ]);
    const list = await server.deps.store.outbox.forMessages(messages.map((m) => m.id));
    expect(list.every((d) => d.status === "sent" && d.attempts === 1)).toBe(true);
  });

  it("creates no deliveries when nothing is configured, and the message is still in the inbox", async () => {
    const server = await start({ outbox: { intervalMs: 50 } });
    const message = await send(server);
    expect(await deliveriesOf(server, message.id)).toEqual([]);
    const api = adminFetch(server, await signIn(server.url));
    const inbox = await (await api("/api/messages")).json();
    expect(inbox.messages).toEqual([expect.objectContaining({ id: message.id, name: "Nimal Perera", deliveries: [] })]);
  });
});
