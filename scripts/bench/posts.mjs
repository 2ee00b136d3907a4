// A blog that grows for years (issue 16): 10,000 posts of about 1,200 words,
// written through the posts API as an admin would, on SQLite and on
// PostgreSQL. Measured on each: the /blog first page uncached (PAGE_CACHE=off),
// one post's save, the sitemap, the admin's Blog tab first page, and a backup
// and restore of the whole site with the shell commands (npm run backup / restore).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, brotliDecompressSync, inflateSync } from "node:zlib";
import pg from "pg";
import { BENCH_ADMIN, cpuMs, quantile, random, root, round, startServer } from "./util.mjs";

export const POSTS_BUDGETS = {
  blogMedianMs: 20,
  blogHtmlKiB: 100,
  saveMedianMs: 50,
  sitemapMs: 1_000,
  adminListMs: 1_000,
  backupS: 60,
  restoreS: 60,
};

/** Posts written (BENCH_POSTS sets fewer for a quick trial; the budgets hold for 10,000). */
const COUNT = Number(process.env.BENCH_POSTS || 10_000);
const WORDS = 1_200;
const SEED_CONCURRENCY = 8;
const BLOG_RENDERS = 100;
/** Renders before the measured ones: the server's JIT needs about 100 to settle (the first 20 take twice as long). */
const BLOG_WARM_UP = 100;
const SAVES = 30;
const REPEATS = 5;
/** The PostgreSQL database the bench may create (and drops) a schema in. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";
const SCHEMA_PREFIX = "bench_posts_";
/** Schemas of bench runs killed before their cleanup: dropped when older than this. */
const STALE_AFTER_S = 6 * 60 * 60;

const BROWSER_HEADERS = { Accept: "text/html", "Accept-Encoding": "gzip, deflate, br" };

// ---------------------------------------------------------------------------
// Posts: realistic markup (## and ### headings, paragraphs, bullets, bold and
// italic), about 1,200 words each, distinct titles, from a fixed seed.

const OPENERS = [
  "A Practical Guide to",
  "Five Mistakes Founders Make With",
  "What Nobody Tells You About",
  "Getting Started With",
  "The Quiet Power of",
  "Rethinking",
  "A Checklist for",
  "Lessons Learned From",
  "How to Measure",
  "Why Budgets Fail at",
  "Common Myths About",
  "The First Ninety Days of",
  "Questions to Ask Before",
  "A Simple Framework for",
  "When to Outsource",
  "Small Wins in",
  "The Hidden Costs of",
  "Building a Habit of",
  "What Customers Really Think of",
  "A Year of",
  "Planning a Quarter of",
  "Doing More With Less in",
  "The Numbers Behind",
  "Case Notes on",
  "An Honest Look at",
];
const TOPICS = [
  "Brand Strategy",
  "Pricing",
  "Performance Marketing",
  "Email Newsletters",
  "Customer Service",
  "Hiring",
  "Social Media",
  "Search Engine Optimisation",
  "Cash Flow",
  "Packaging Design",
  "Trade Fairs",
  "Loyalty Programmes",
  "Market Research",
  "Product Photography",
  "Website Copy",
  "Local Partnerships",
  "Export Marketing",
  "Customer Reviews",
  "Sales Training",
  "Content Calendars",
  "Video Marketing",
  "Press Relations",
  "Retail Displays",
  "Online Marketplaces",
  "Referral Schemes",
  "Brand Naming",
  "Seasonal Campaigns",
  "Supplier Terms",
  "Team Culture",
  "Business Planning",
  "Influencer Marketing",
  "Customer Onboarding",
  "Event Sponsorship",
  "Landing Pages",
  "Word of Mouth",
  "Outdoor Advertising",
  "Community Building",
  "Crisis Communication",
  "Rebranding",
  "Digital Payments",
];
const CLOSERS = [
  "for Colombo Retailers",
  "in Sri Lankan SMEs",
  "on a Small Budget",
  "for Family Businesses",
  "in the Export Trade",
  "for Hotels in the South",
  "for Tea Estates",
  "Without a Big Team",
  "for Service Firms",
  "for New Founders",
];
const SUBJECTS = [
  "A small team",
  "An owner",
  "The best campaigns",
  "Our client in Kandy",
  "A good brief",
  "Every customer",
  "A clear promise",
  "The weekly report",
  "A loyal buyer",
  "The sales floor",
  "A modest budget",
  "A family business",
  "The first impression",
  "A steady routine",
];
const VERBS = [
  "usually outperforms",
  "depends on",
  "quietly shapes",
  "rarely survives",
  "often hides",
  "pays for",
  "builds on",
  "starts with",
  "reveals",
  "protects",
  "turns into",
  "competes with",
];
const OBJECTS = [
  "the trust that repeat customers bring",
  "a plan written down in plain words",
  "the numbers you check every Monday",
  "a message that fits on one line",
  "the habits of the people who buy from you",
  "the margin you keep after every discount",
  "a simple promise kept every single day",
  "the stories your staff tell at the counter",
  "a calendar that survives the monsoon season",
  "the questions customers ask most often",
  "a budget that is reviewed every month",
  "the feedback hidden in your reviews",
];
const TAILS = [
  "long before any advertising begins",
  "when the market turns against you",
  "across Colombo, Galle and Jaffna alike",
  "even when nobody is measuring it",
  "in the first year of trading",
  "once the season's rush is over",
  "without a single extra rupee",
  "if you are patient with it",
  "in ways a spreadsheet cannot show",
  "as the business grows beyond its founders",
];
const BULLETS = [
  "Write down who you serve and why",
  "Check the numbers every week, not every quarter",
  "Ask ten customers why they chose you",
  "Keep one channel working before adding another",
  "Agree payment terms before you need them",
  "Set a budget and a date to review it",
  "Document the three processes you repeat most",
  "Photograph products in natural light",
  "Answer every review within two days",
  "Plan the next month's posts on the last Friday",
  "Train new staff with real customer questions",
  "Keep a list of ideas customers give you",
];
const HEADINGS = [
  "Start with the customer",
  "Know your numbers",
  "Keep the promise simple",
  "Measure what matters",
  "Plan for the slow months",
  "Make it easy to buy",
  "Tell the story behind the work",
  "Choose one channel first",
  "Review, then repeat",
  "Protect your margin",
  "Train the people who meet customers",
  "Write it down",
  "Test before you spend",
  "Ask for referrals",
  "Be consistent",
  "Learn from the season",
];
const IMAGES = [
  "/images/blog/brand-strategy.svg",
  "/images/blog/performance-marketing.svg",
  "/images/blog/scaling.svg",
  "/images/blog/content.svg",
];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

function sentence(rand) {
  const words = `${pick(rand, SUBJECTS)} ${pick(rand, VERBS)} ${pick(rand, OBJECTS)} ${pick(rand, TAILS)}`;
  const roll = rand();
  if (roll < 0.06) return `**${words}.**`;
  if (roll < 0.1) return `*${words}.*`;
  return `${words}.`;
}

const countWords = (text) => text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length;

/** Distinct for i < 25 × 40 × 10 = 10,000; later posts add a number. */
export function postTitle(i) {
  const title = `${OPENERS[Math.floor(i / 40) % 25]} ${TOPICS[i % 40]} ${CLOSERS[Math.floor(i / 1_000) % 10]}`;
  return i < 10_000 ? title : `${title}, Part ${Math.floor(i / 10_000) + 1}`;
}

/** The body of post `i`: markup of about `words` words. */
export function postContent(i, words = WORDS) {
  const rand = random(i + 1);
  const paragraph = (sentences) => Array.from({ length: sentences }, () => sentence(rand)).join(" ");
  const blocks = [paragraph(5)];
  let count = countWords(blocks[0]);
  let section = 0;
  while (count < words) {
    const part = [`## ${HEADINGS[(i + section++) % HEADINGS.length]}`, paragraph(4 + Math.floor(rand() * 3))];
    if (section % 2 === 0)
      part.push(Array.from({ length: 4 }, () => `- ${pick(rand, BULLETS)}`).join("\n"), paragraph(3));
    if (section % 3 === 0) part.push(`### ${pick(rand, HEADINGS)}`, paragraph(4));
    const text = part.join("\n\n");
    blocks.push(text);
    count += countWords(text);
  }
  blocks.push(`*${pick(rand, SUBJECTS)} ${pick(rand, VERBS)} ${pick(rand, OBJECTS)}.*`);
  return blocks.join("\n\n");
}

/** Post `i` of `count`: dates spread over twelve years, oldest first, a few featured. */
export function post(i, count = COUNT) {
  const content = postContent(i);
  const day = new Date(Date.UTC(2014, 0, 1) + Math.floor((i * 4_380) / count) * 86_400_000);
  return {
    title: postTitle(i),
    excerpt: content.split(". ")[0].replace(/\*/g, "") + ".",
    content,
    date: day.toISOString().slice(0, 10),
    readTime: `${Math.round(countWords(content) / 200)} min read`,
    image: IMAGES[i % IMAGES.length],
    featured: i % 1_000 === 999,
    placementId: i % 100_000,
  };
}

// ---------------------------------------------------------------------------
// HTTP

/** One request: status, headers, body (as sent, maybe compressed), time to the last byte. */
function request(url, agent, { method = "GET", path: pathname, headers = {}, body } = {}) {
  const target = new URL(url);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: pathname,
        agent,
        headers: {
          ...headers,
          ...(payload && {
            "Content-Type": "application/json",
            "Content-Length": payload.length,
            Origin: target.origin,
          }),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on("error", (error) => resolve({ status: 0, error, ms: performance.now() - started }));
      },
    );
    req.on("error", (error) => resolve({ status: 0, error, ms: performance.now() - started }));
    req.end(payload);
  });
}

function decoded(response) {
  const encoding = response.headers["content-encoding"];
  if (encoding === "gzip") return gunzipSync(response.body);
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "deflate") return inflateSync(response.body);
  return response.body;
}

const json = (response) => JSON.parse(decoded(response).toString("utf8"));

function describe(response) {
  if (response.status === 0) return `no answer (${response.error?.message ?? "connection failed"})`;
  const text = response.body ? decoded(response).toString("utf8").slice(0, 200) : "";
  return `${response.status} ${text}`;
}

async function signIn(url, agent) {
  const response = await request(url, agent, { method: "POST", path: "/api/auth/login", body: BENCH_ADMIN });
  if (response.status !== 200) throw new Error(`sign-in failed: ${describe(response)}`);
  const cookie = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error("sign-in sent no session cookie");
  return cookie.split(";")[0];
}

const stats = (times) => ({
  median: round(quantile(times, 0.5)),
  p95: round(quantile(times, 0.95)),
  max: round(Math.max(...times)),
});

// ---------------------------------------------------------------------------
// PostgreSQL: a fresh schema in the bench database per site

const schemaUrl = (schema) => {
  const url = new URL(POSTGRES_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
};
const safeUrl = (url) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

export async function postgres(run) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Undefined when PostgreSQL answers, else why not. */
export async function postgresUnavailable() {
  try {
    await postgres((client) => client.query("select 1"));
    return undefined;
  } catch (error) {
    return `PostgreSQL does not answer at ${safeUrl(POSTGRES_URL)} (${error.message}); BENCH_POSTGRES_URL names another database`;
  }
}

/** A new, empty schema: its name and the DATABASE_URL of a site in it. Drops those of killed runs. */
export async function freshSchema(label) {
  const now = Math.floor(Date.now() / 1_000);
  const schema = `${SCHEMA_PREFIX}${now}_${process.pid}_${label}`;
  await postgres(async (client) => {
    const { rows } = await client.query("select nspname from pg_namespace where nspname like $1", [
      `${SCHEMA_PREFIX}%`,
    ]);
    for (const { nspname } of rows) {
      const createdAt = Number(nspname.slice(SCHEMA_PREFIX.length).split("_")[0]);
      if (createdAt > 0 && now - createdAt > STALE_AFTER_S) await client.query(`drop schema "${nspname}" cascade`);
    }
    await client.query(`create schema "${schema}"`);
  });
  return { schema, url: schemaUrl(schema) };
}

export const dropSchema = (schema) => postgres((client) => client.query(`drop schema if exists "${schema}" cascade`));

// ---------------------------------------------------------------------------
// Shell commands

/** Runs `npm run <script> -- file` as an admin would (node scripts/<script>.mjs), timed. */
function runScript(script, file, { dataDir, databaseUrl }) {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return new Promise((resolve) => {
    const started = performance.now();
    execFile(
      process.execPath,
      [path.join(root, `scripts/${script}.mjs`), file],
      { cwd: root, env, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          ok: !error,
          seconds: (performance.now() - started) / 1_000,
          output: `${stdout}${stderr}`.trim(),
        }),
    );
  });
}

// ---------------------------------------------------------------------------
// The measures on one database

async function seed(url, cookie, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SEED_CONCURRENCY });
  const ids = new Array(count);
  const failures = [];
  let next = 0;
  let written = 0;
  const started = performance.now();
  let lastReport = started;
  const worker = async () => {
    while (next < count && failures.length < 10) {
      const i = next++;
      const response = await request(url, agent, {
        method: "POST",
        path: "/api/posts",
        headers: { Cookie: cookie },
        body: { data: post(i, count) },
      });
      if (response.status !== 201) {
        failures.push(`post ${i + 1}: ${describe(response)}`);
        continue;
      }
      ids[i] = json(response).id;
      written++;
      if (performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        console.log(`  … ${written.toLocaleString("en")} posts written`);
      }
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  agent.destroy();
  const seconds = (performance.now() - started) / 1_000;
  if (failures.length > 0) throw new Error(`seeding failed: ${failures.slice(0, 3).join("; ")}`);
  return { ids, seconds: round(seconds, 1), perSecond: round(count / seconds, 0) };
}

/** /blog one render at a time after a warm-up (it is this server's first page render); size of the HTML; whether it shows the newest posts. */
async function blogFirstPage(url, pid, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (pathname) => request(url, agent, { path: pathname, headers: BROWSER_HEADERS });
  await get("/blog");
  const second = await get("/blog");
  // A server whose page cache ignores PAGE_CACHE=off: force renders with a fresh query string.
  const cached = second.headers["x-page-cache"] === "hit";
  const pathOf = (i) => (cached ? `/blog?bench-render=${i}` : "/blog");
  for (let i = 0; i < BLOG_WARM_UP; i++) await get(pathOf(-i - 1));
  const times = [];
  let failed = 0;
  let last;
  const cpuBefore = cpuMs(pid);
  for (let i = 0; i < BLOG_RENDERS; i++) {
    const response = await get(pathOf(i));
    if (response.status === 200) {
      times.push(response.ms);
      last = response;
    } else failed++;
  }
  const cpu = cpuMs(pid) - cpuBefore;
  agent.destroy();
  if (!last) throw new Error(`/blog did not answer 200: ${describe(second)}`);
  const html = decoded(last);
  const newest = post(count - 1, count).title;
  return {
    renders: BLOG_RENDERS,
    failed,
    ...stats(times),
    // The server's own CPU time per render: what the render costs, whatever else the machine runs.
    cpuMs: round(cpu / BLOG_RENDERS, 1),
    htmlKiB: round(html.length / 1_024, 1),
    sentKiB: round(last.body.length / 1_024, 1),
    encoding: last.headers["content-encoding"] ?? "none",
    showsNewest: html.includes(newest),
    ...(cached && { note: "this server ignores PAGE_CACHE=off: renders forced with a fresh query string each" }),
  };
}

/** SAVES saves of different posts (each read first, as the editor does), one at a time, after 5 to warm up. */
async function saves(url, pid, cookie, ids) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const chosen = Array.from({ length: SAVES + 5 }, (_, k) => ids[Math.floor(((k + 0.5) * ids.length) / (SAVES + 5))]);
  const opens = [];
  const times = [];
  let cpu = 0;
  const failures = [];
  for (const [k, id] of chosen.entries()) {
    const opened = await request(url, agent, { path: `/api/posts/${id}`, headers: { Cookie: cookie } });
    if (opened.status !== 200) {
      failures.push(`GET ${id}: ${describe(opened)}`);
      continue;
    }
    const record = json(opened);
    const data = { ...record.data, content: `${record.data.content}\n\nEdited in the bench, save ${k + 1}.` };
    const cpuBefore = cpuMs(pid);
    const saved = await request(url, agent, {
      method: "PUT",
      path: `/api/posts/${id}`,
      headers: { Cookie: cookie },
      body: { version: record.version, data },
    });
    if (saved.status !== 200) failures.push(`PUT ${id}: ${describe(saved)}`);
    else if (k >= 5) {
      cpu += cpuMs(pid) - cpuBefore;
      times.push(saved.ms);
      opens.push(opened.ms);
    }
  }
  agent.destroy();
  if (times.length === 0) throw new Error(`no save succeeded: ${failures.slice(0, 3).join("; ")}`);
  return {
    saves: times.length,
    failed: failures.length,
    ...stats(times),
    cpuMs: round(cpu / times.length, 1),
    openMedian: round(quantile(opens, 0.5)),
  };
}

/** `pathname` REPEATS times one after another: times of the first (cold) and all. */
async function repeated(url, pathname, headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  let last;
  for (let i = 0; i < REPEATS; i++) {
    last = await request(url, agent, { path: pathname, headers: { "Accept-Encoding": "gzip", ...headers } });
    if (last.status !== 200) throw new Error(`GET ${pathname}: ${describe(last)}`);
    times.push(last.ms);
  }
  agent.destroy();
  return { first: round(times[0]), ...stats(times), body: decoded(last) };
}

async function measureOn(label, site) {
  const count = COUNT;
  const server = await startServer({ env: { PAGE_CACHE: "off", ...site.env } });
  const work = mkdtempSync(path.join(tmpdir(), "agency-bench-posts-"));
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const cookie = await signIn(server.url, agent);
    agent.destroy();
    console.log(`Posts at scale on ${label}: writing ${count.toLocaleString("en")} posts through POST /api/posts…`);
    const seeded = await seed(server.url, cookie, count);
    const result = { database: label, seed: { posts: count, seconds: seeded.seconds, perSecond: seeded.perSecond } };

    result.loadAverage = round(loadavg()[0]);
    result.blog = await blogFirstPage(server.url, server.pid, count);
    result.save = await saves(server.url, server.pid, cookie, seeded.ids);

    const sitemap = await repeated(server.url, "/sitemap.xml");
    result.sitemap = {
      ...sitemap,
      body: undefined,
      urls: (String(sitemap.body).match(/<url>/g) ?? []).length,
      kiB: round(sitemap.body.length / 1_024, 0),
    };
    const list = await repeated(server.url, "/api/posts?page=1", { Cookie: cookie });
    const page = JSON.parse(String(list.body));
    result.adminList = { ...list, body: undefined, total: page.total, cards: page.posts?.length };
    const search = await repeated(server.url, `/api/posts?query=${encodeURIComponent("monsoon")}&page=1`, {
      Cookie: cookie,
    });
    result.adminSearch = { query: "monsoon", ...search, body: undefined, total: JSON.parse(String(search.body)).total };

    const file = path.join(work, "backup.json.gz");
    const backup = await runScript("backup", file, { dataDir: server.dataDir, databaseUrl: site.databaseUrl });
    if (!backup.ok) throw new Error(`npm run backup failed: ${backup.output}`);
    result.backup = { seconds: round(backup.seconds, 1), MiB: round(statSync(file).size / 1_048_576, 1) };

    const target = await site.restoreTarget();
    const restoreDir = path.join(work, "restored");
    const restore = await runScript("restore", file, { dataDir: restoreDir, databaseUrl: target.databaseUrl });
    if (!restore.ok) throw new Error(`npm run restore failed: ${restore.output}`);
    result.restore = {
      seconds: round(restore.seconds, 1),
      rows: Number(/Restored (\d+) row/.exec(restore.output)?.[1]),
      postsBack: await postsOn(restoreDir, target.databaseUrl),
    };
    result.totalPosts = page.total;
    return result;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** How many posts a server started on the restored site lists. */
async function postsOn(dataDir, databaseUrl) {
  const server = await startServer({
    env: { SERVE_DATA_DIR: dataDir, ...(databaseUrl && { SERVE_DATABASE_URL: databaseUrl }) },
  });
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const cookie = await signIn(server.url, agent);
    const response = await request(server.url, agent, { path: "/api/posts?page=1", headers: { Cookie: cookie } });
    agent.destroy();
    return response.status === 200 ? json(response).total : undefined;
  } finally {
    await server.stop();
  }
}

/** The measures on SQLite (a temporary data folder) and on PostgreSQL (fresh schemas), one after the other. */
export async function postsAtScale() {
  const results = { posts: COUNT, words: WORDS, loadAverage: round(loadavg()[0]), budgets: POSTS_BUDGETS, runs: [] };
  const attempt = async (label, site) => {
    try {
      results.runs.push(await measureOn(label, site));
    } catch (error) {
      results.runs.push({ database: label, error: error instanceof Error ? error.message : String(error) });
    }
  };
  await attempt("SQLite", { env: {}, restoreTarget: async () => ({}) });

  const unavailable = await postgresUnavailable();
  if (unavailable) {
    results.runs.push({ database: "PostgreSQL", skipped: unavailable });
    return results;
  }
  const schemas = [];
  try {
    const site = await freshSchema("site");
    schemas.push(site.schema);
    await attempt("PostgreSQL", {
      env: { SERVE_DATABASE_URL: site.url },
      databaseUrl: site.url,
      restoreTarget: async () => {
        const restored = await freshSchema("restored");
        schemas.push(restored.schema);
        return { databaseUrl: restored.url };
      },
    });
  } finally {
    for (const schema of schemas) await dropSchema(schema).catch(() => undefined);
  }
  return results;
}

/** One line per measure and database, with its budget, as the rest of the bench prints. */
export function printPosts(results) {
  const b = results.budgets;
  const n = (value) => value.toLocaleString("en");
  const verdict = (ok) => (ok ? "within budget" : "OVER BUDGET");
  const fewer = results.posts < 10_000 ? ` (BENCH_POSTS=${results.posts}: the budgets are for 10,000)` : "";
  console.log(
    `Posts at scale: ${n(results.posts)} posts of about ${n(results.words)} words, written through the API${fewer}; load average at its start ${results.loadAverage}`,
  );
  for (const run of results.runs) {
    const on = `  ${run.database}:`;
    if (run.skipped) {
      console.log(`${on} not measured, ${run.skipped}`);
      continue;
    }
    if (run.error) {
      console.log(`${on} not measured, ${run.error}`);
      continue;
    }
    const { seed, blog, save, sitemap, adminList: list, adminSearch: search, backup, restore } = run;
    console.log(
      `${on} seeding, ${n(seed.posts)} × POST /api/posts (${SEED_CONCURRENCY} at once): ${seed.seconds} s, ${n(seed.perSecond)} posts/s; load average ${run.loadAverage} after it`,
    );
    console.log(
      `${on} /blog first page, uncached SSR, ${blog.renders} renders one at a time: median ${blog.median} ms, p95 ${blog.p95} ms, server CPU ${blog.cpuMs ?? "?"} ms per render${blog.failed ? `, ${blog.failed} not 200` : ""}; ` +
        `${blog.htmlKiB} KiB of HTML (${blog.sentKiB} KiB sent ${blog.encoding})${blog.showsNewest ? "" : ", WITHOUT the newest post"} ` +
        `(budget: median < ${b.blogMedianMs} ms, HTML < ${b.blogHtmlKiB} KiB: ${verdict(blog.median < b.blogMedianMs && blog.htmlKiB < b.blogHtmlKiB && blog.showsNewest && !blog.failed)})`,
    );
    if (blog.note) console.log(`    note: ${blog.note}`);
    console.log(
      `${on} one post's save (PUT /api/posts/:id), ${save.saves} posts one at a time: median ${save.median} ms, p95 ${save.p95} ms, server CPU ${save.cpuMs ?? "?"} ms per save${save.failed ? `, ${save.failed} failed` : ""} ` +
        `(opening one: median ${save.openMedian} ms) (budget: median < ${b.saveMedianMs} ms: ${verdict(save.median < b.saveMedianMs && !save.failed)})`,
    );
    console.log(
      `${on} /sitemap.xml, ${n(sitemap.urls)} URLs, ${n(sitemap.kiB)} KiB, ${REPEATS} requests: first ${sitemap.first} ms, median ${sitemap.median} ms, slowest ${sitemap.max} ms ` +
        `(budget: each < ${n(b.sitemapMs)} ms: ${verdict(sitemap.max < b.sitemapMs)})`,
    );
    console.log(
      `${on} Blog tab's first page (GET /api/posts?page=1), ${list.cards} of ${n(list.total)} posts, ${REPEATS} requests: first ${list.first} ms, median ${list.median} ms, slowest ${list.max} ms ` +
        `(budget: each < ${n(b.adminListMs)} ms: ${verdict(list.max < b.adminListMs)})`,
    );
    console.log(
      `${on} Blog tab search "${search.query}" (${n(search.total)} found), ${REPEATS} requests: median ${search.median} ms, slowest ${search.max} ms (no budget)`,
    );
    const complete = restore.postsBack === run.totalPosts;
    console.log(
      `${on} npm run backup: ${backup.seconds} s, ${backup.MiB} MiB; npm run restore into a fresh ${run.database === "SQLite" ? "folder" : "schema"}: ${restore.seconds} s, ${n(restore.rows)} rows, ` +
        `${restore.postsBack === undefined ? "posts not counted" : `${n(restore.postsBack)} of ${n(run.totalPosts)} posts back`} ` +
        `(budget: each < ${b.backupS} s, every post back: ${verdict(backup.seconds < b.backupS && restore.seconds < b.restoreS && complete)})`,
    );
  }
}
