import { benchPublicReads } from './api-reads.ts';
import { benchWrites } from './api-writes.ts';
import { benchEvening } from './evening.ts';
import { benchVotesExport } from './exports.ts';
import { benchMessages } from './messages.ts';
import { benchPages } from './pages.ts';
import { votesGrowth } from './votes-growth.ts';
import { beginPart, record, results, writeReport } from './lib/report.ts';
import { freshPostgresDatabase, startServer } from '#tests/helpers/server-process.ts';
import { benchStartup } from './startup.ts';
import { benchStream } from './stream.ts';
import {
  benchLanguageCost,
  benchLighthouse,
  benchNoSchemasOn,
  benchPageBundle,
  shopHoursSetter,
} from './web.ts';
import { findCurrentBattle } from '#server/challenges/current-battle.ts';
import { listLiveBusinesses } from '#server/businesses/service.ts';
import { issuePass } from '#server/passes/issue.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { registeredMember } from './lib/cookies.ts';

/**
 * `npm run bench`: every figure beside its peer or budget, measured in this run on this machine,
 * written to BENCHMARKS.md. Needs a built web app (`npm run build`) and a PostgreSQL server
 * (DATABASE_URL, default the local one).
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// Every API figure is taken on PostgreSQL, as production runs (the growth bench reads this too).
process.env.DATABASE_URL = serverUrl;
const only = process.argv.slice(2);
const wants = (name: string) => {
  const included = only.length === 0 || only.includes(name);
  if (included) beginPart(name);
  return included;
};

if (wants('startup')) await benchStartup(3301);

if (wants('api')) {
  const databaseUrl = await freshPostgresDatabase(serverUrl, 'lb_bench_api');
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  await seedDemoData(database.db, new Date());
  await database.close();
  const startSite = () => startServer(3302, { DATABASE_URL: databaseUrl });
  const server = await startSite();
  const idle = server.rssMb();
  record({
    name: 'server RSS idle after start',
    figure: idle,
    unit: 'MB',
    budget: '< 300 MB',
    pass: idle < 300,
  });
  await server.stop();
  await benchPublicReads(startSite);
  const writeServer = await startSite();
  const peerDatabase = await openDatabase({ databaseUrl, poolSize: 64 });
  await benchWrites(writeServer, peerDatabase.db);
  await peerDatabase.close();
  await writeServer.stop();
}

if (wants('growth')) {
  for (const figure of await votesGrowth((line) => process.stdout.write(`${line}\n`))) {
    record({
      name: `${figure.name}: 1,000 → 1,000,000 votes (median ms per request)`,
      figure: figure.ratio,
      unit: '× cost',
      budget: `<= ${figure.budget}× (${figure.small.toFixed(2)} ms → ${figure.large.toFixed(2)} ms)`,
      pass: figure.ratio <= figure.budget,
    });
  }
}

if (wants('evening')) await benchEvening(serverUrl);

if (wants('exports')) await benchVotesExport(3304);

if (wants('messages')) await benchMessages(3305);

if (wants('stream')) await benchStream(serverUrl);

if (wants('pages')) await benchPages(serverUrl, 3300);

/** The site as production runs it, with a member holding a pass: the web parts' pages. */
async function startWebSite() {
  const databaseUrl = await freshPostgresDatabase(serverUrl, 'lb_bench_web');
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const organizer = await seedDemoData(database.db, new Date());
  if (!organizer) throw new Error('the fresh database was already seeded');
  // As production runs it: React's production build, the sandbox payment page allowed.
  const server = await startServer(3303, {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3303',
    ENABLE_TEST_TOOLS: 'true',
  });
  const member = await registeredMember(server.url, 'lighthouse');
  const { cookie } = member;
  const challenge = (await findCurrentBattle(database.db, new Date()))!;
  await database.db.transaction((tx) =>
    issuePass(tx, { userId: member.id, challengeId: challenge.id }),
  );
  const [shop] = await listLiveBusinesses(database.db, challenge.id);
  await database.close();
  return { server, organizer, cookie, shop: shop! };
}

// Sizes of what a phone downloads: the same on a busy machine as on a quiet one.
if (wants('bundles')) {
  const { server, shop, cookie } = await startWebSite();
  // Spanish documents carry no i18n runtime either: the server writes their words (ADR 0048).
  for (const pagePath of ['/', '/battles/coffee', `/business/${shop.id}`, '/es/battles/coffee']) {
    await benchPageBundle(server, pagePath);
  }
  await benchLanguageCost(server, '/checkout', 'es');
  await benchNoSchemasOn(server, '/profile', cookie);
  await server.stop();
}

if (wants('web')) {
  const { server, organizer, cookie, shop } = await startWebSite();
  const setShopHours = await shopHoursSetter(
    server,
    { username: organizer.adminUsername, password: organizer.adminPassword },
    shop.id,
  );
  await benchLighthouse(server, [
    { path: '/', performanceBudget: 98, isDocument: true },
    { path: '/battles/coffee', performanceBudget: 98, isDocument: true },
    // The 'Open now' badge's colours differ from 'Closed now': accessibility is checked in both.
    {
      path: `/business/${shop.id}`,
      performanceBudget: 98,
      isDocument: true,
      state: 'shop open',
      prepare: () => setShopHours('open'),
    },
    {
      path: `/business/${shop.id}`,
      performanceBudget: 98,
      isDocument: true,
      state: 'shop closed',
      prepare: () => setShopHours('closed'),
    },
    { path: '/es/battles/coffee', performanceBudget: 98, isDocument: true },
    { path: '/checkout', performanceBudget: 95 },
    { path: '/auth', performanceBudget: 95 },
    // Issue 37: the pass at the counter scores as the public pages do, and never blocks a tap.
    { path: '/profile', performanceBudget: 98, cookie, mustNotBlock: true },
  ]);
  await server.stop();
}

writeReport(
  'BENCHMARKS.md',
  [
    "- **Public reads** are answered from each instance's one-second cache, so they scale with the",
    '  number of instances (each adds roughly the figure above per core) and cost PostgreSQL about',
    '  three queries per instance per second, whatever the crowd. 100,000 members opening the home page',
    '  within a minute is under 2,000 reads a second: one instance covers it; two give headroom.',
    '- **Writes**: each redeem and vote is one database call (a PL/pgSQL function that checks the',
    '  session, locks the pass and applies the rule; docs/decisions/0006). Per write, the built server',
    '  spends about 0.25 ms of CPU on HTTP and PostgreSQL about 0.5 ms on the rule, so more instances',
    "  add web capacity and the ceiling is PostgreSQL's CPU: about 2,000 rule calls a second per core",
    '  on this machine. 100,000 members with 8 shops make at most 1.6 million writes over a 30-day battle',
    '  (0.6 a second on average); even a fifth of all members using all 8 coupons and all 8 votes in',
    '  one hour is about 90 writes a second, a twentieth of what this 2-core machine sustains above.',
    "  Latency at 64 writers in flight is at least 64 / throughput (Little's law): the load generator,",
    '  the server and PostgreSQL share these two cores, so at the throughput above the mean alone is',
    '  over 40 ms, and a p99 under 25 ms needs about 2,600 writes a second here. On separate machines',
    '  for PostgreSQL and the instances each side keeps its own cores, and the same 64 members wait less.',
    "- **Growth**: standings read per-shop counters kept in each vote's transaction, so their cost",
    '  does not grow with votes (ratios above), at 1,000 or at 1,000,000.',
    '- **Memory** per instance stays flat under load (figures above); instances share nothing but',
    '  PostgreSQL (sessions, wrong-code limits and payments all live there).',
    "- **The final evening**: a member's unchanged poll of /profile is a 304 answered from the",
    "  instance's memory (no database statement; docs/decisions/0032), so members with the pass open",
    '  cost about what visitors of a public page cost; the evening part reports how many one 2-core',
    '  machine holds beside the design target, with redeems, votes and visitors running beside them.',
    '- **Web**: the public pages arrive server-rendered with their data (docs/decisions/0027), then',
    '  the same precompressed bundle takes them over; its size decides how soon a phone can tap.',
  ].join('\n'),
);
const missed = results().filter((row) => !row.pass);
process.stdout.write(
  `\n${results().length - missed.length} within budget, ${missed.length} missed\n`,
);
process.exitCode = missed.length > 0 ? 1 : 0;
