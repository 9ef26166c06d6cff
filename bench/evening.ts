import { Signer } from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { openDatabase, type Db } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { findCurrentBattle } from '#server/challenges/current-battle.ts';
import { queryRows } from '#server/db/rule-call.ts';
import { startInstances } from '#tests/helpers/instances.ts';
import { BENCH_SESSION_SECRET, freshPostgresDatabase } from '#tests/helpers/server-process.ts';
import { cpuSecondsOf } from './lib/cpu.ts';
import { load, type LoadResult } from './lib/load.ts';
import { note, record } from './lib/report.ts';
import { percentile } from './lib/stats.ts';

/** The design target stated beside the figure: members with the pass open per 2-core machine. */
const DESIGN_TARGET_MEMBERS = 5_000;
/** The crowds tried, smallest first; the figure is the largest that held. */
const CROWDS = [250, 500, 1_000, 2_000, 3_000, 5_000, 7_000, 10_000];
const STEP_SECONDS = 15;
const POLL_SECONDS = 2;
const POLL_P99_BUDGET_MS = 200;
/** A busy final hour: one redeem or vote per member every 10 minutes. */
const ACTION_EVERY_SECONDS = 600;
/** Anonymous visitors opening / beside them: one page a second per this many members. */
const MEMBERS_PER_PAGE_PER_SECOND = 20;
const UNCHANGED_BUDGET = 2;
const CHANGED_BUDGET = 10;
const CONNECTIONS = 64;

interface EveningMember {
  userId: number;
  cookie: string;
  /** The validator of the last progress answer this member's page holds. */
  etag?: string;
  /** Its coupons not redeemed yet, and its votes to cast. */
  coupons: { id: number; code: string }[];
  votesToCast: number;
  votesCast: number;
}

/**
 * Members with a pass, coupons and a signed-in session, written in bulk: one shared password hash
 * (nobody signs in here), sessions shaped as the session store writes them.
 */
async function crowdOf(db: Db, challengeId: number, count: number): Promise<EveningMember[]> {
  await db.execute(sql`
    insert into users (username, password_hash, email)
    select 'evening_' || i, 'not-a-hash', 'evening_' || i || '@example.com'
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into passes (user_id, challenge_id)
    select id, ${challengeId} from users where username like 'evening\\_%'`);
  await db.execute(sql`
    insert into coupons (pass_id, business_id)
    select p.id, b.id from passes p join businesses b on b.challenge_id = p.challenge_id
    where p.challenge_id = ${challengeId} and b.deleted_at is null`);
  const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  await db.execute(sql`
    insert into sessions (sid, data, expires_at)
    select 'evening-' || id,
      jsonb_build_object('userId', id, 'cookie', jsonb_build_object(
        'originalMaxAge', 604800000, 'expires', ${expires.toISOString()}::text, 'secure', false,
        'httpOnly', true, 'path', '/', 'sameSite', 'lax')),
      ${expires.toISOString()}::timestamptz
    from users where username like 'evening\\_%'`);
  const rows = await queryRows<{ user_id: number; coupon_id: number; code: string }>(
    db,
    sql`select p.user_id, c.id as coupon_id, b.redemption_code as code
        from passes p join coupons c on c.pass_id = p.id join businesses b on b.id = c.business_id
        join users u on u.id = p.user_id where u.username like 'evening\\_%'
        order by p.user_id, c.id`,
  );
  const signer = new Signer(BENCH_SESSION_SECRET);
  const members = new Map<number, EveningMember>();
  for (const row of rows) {
    let member = members.get(row.user_id);
    if (!member) {
      // With the signed-in hint a member's browser holds (src/shared/signed-in-hint.ts).
      const cookie = `lb.sid=${encodeURIComponent(signer.sign(`evening-${row.user_id}`))}; lb.signed_in=1`;
      member = { userId: row.user_id, cookie, coupons: [], votesToCast: 0, votesCast: 0 };
      members.set(row.user_id, member);
    }
    member.coupons.push({ id: row.coupon_id, code: row.code });
  }
  return [...members.values()];
}

/** Each member's poll as /profile sends it (with the validator it holds), members in turn. */
function pollRequests(members: EveningMember[], withValidator: boolean): Request[] {
  let next = 0;
  return [
    {
      setupRequest: (request, context: { member?: EveningMember }) => {
        const member = members[next++ % members.length]!;
        // Read back by onResponse: each connection's context holds its request in flight.
        context.member = member;
        const headers: Record<string, string> = { cookie: member.cookie };
        if (withValidator && member.etag) headers['if-none-match'] = member.etag;
        return { ...request, method: 'GET', path: '/api/user/progress', headers };
      },
      onResponse: (status, _body, context: { member?: EveningMember }, headers) => {
        // The page keeps the new answer's validator, as src/client/lib/api.ts does.
        const etag = (headers as Record<string, string> | undefined)?.etag;
        if (status === 200 && etag && context.member) context.member.etag = etag;
      },
    },
  ];
}

/** Server CPU (both instances) spent while `run` ran, per answer it counts. */
async function cpuPerAnswer(pids: number[], run: () => Promise<LoadResult>) {
  const cpu = () => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  const before = cpu();
  const result = await run();
  const answers = Object.values(result.statusCounts).reduce((sum, n) => sum + n, 0);
  return { result, microseconds: ((cpu() - before) * 1e6) / Math.max(1, answers), answers };
}

const failures = (result: LoadResult, ok: number[]) =>
  result.errors +
  Object.entries(result.statusCounts)
    .filter(([status]) => !ok.includes(Number(status)))
    .reduce((sum, [, n]) => sum + n, 0);

const METRICS_TOKEN = 'evening-bench-metrics';

/** A counter's total over the instances, read from /metrics. */
async function metricTotal(urls: string[], metric: string) {
  let total = 0;
  for (const url of urls) {
    const text = await (
      await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    total += Number(new RegExp(`^${metric} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  }
  return total;
}

/** Statements the instances have sent to the database (lb_db_statements_total on /metrics). */
const databaseStatements = (urls: string[]) => metricTotal(urls, 'lb_db_statements_total');

/** Each instance's /metrics text. */
const scrape = (urls: string[]) =>
  Promise.all(
    urls.map(async (url) =>
      (
        await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text(),
    ),
  );

/** A metric's value in a /metrics text (the first series of that name). */
const metricIn = (text: string, metric: string) =>
  Number(new RegExp(`^${metric}(?:\\{[^}]*\\})? ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? NaN);

/** The sum of a metric's series whose labels include each of `has`, in a /metrics text. */
const seriesSum = (text: string, metric: string, has: string[]) =>
  [...text.matchAll(new RegExp(`^${metric}\\{([^}]*)\\} ([0-9.e+-]+)`, 'gm'))]
    .filter(([, labels]) => has.every((label) => labels!.includes(label)))
    .reduce((sum, match) => sum + Number(match[2]), 0);

/**
 * What the servers saw of a step, to tell a slow server from a slow load client (one thread beside
 * them): the share of polls the servers answered within 25 ms, the instances' worst event-loop
 * delay (prom-client's figures restart at each scrape) and their garbage collections over 100 ms.
 */
async function serverView(urls: string[], before: string[]) {
  const after = await scrape(urls);
  const delta = (metric: string, has: string[]) =>
    after.reduce(
      (sum, text, index) =>
        sum + seriesSum(text, metric, has) - seriesSum(before[index]!, metric, has),
      0,
    );
  const polls = (le: string) =>
    delta('lb_http_request_duration_seconds_bucket', ['route="/api/user/progress"', `le="${le}"`]);
  const all = polls('+Inf');
  const collections = (le: string) => delta('nodejs_gc_duration_seconds_bucket', [`le="${le}"`]);
  return {
    /** Server renders of public pages the instances started (lb_page_renders_total). */
    renders:
      after.reduce((sum, text) => sum + metricIn(text, 'lb_page_renders_total'), 0) -
      before.reduce((sum, text) => sum + metricIn(text, 'lb_page_renders_total'), 0),
    loopDelayMaxMs:
      Math.max(...after.map((text) => metricIn(text, 'nodejs_eventloop_lag_max_seconds'))) * 1000,
    within25Ms: all > 0 ? polls('0.025') / all : 1,
    longCollections: collections('+Inf') - collections('0.1'),
  };
}

/**
 * The members' redeems and votes at the final hour's rate, each sent to the instance that does not
 * serve the member's polls (as a load balancer may), so their answers move across instances.
 */
function writer(members: EveningMember[], urls: string[], shopIds: number[], perSecond: number) {
  let stopped = false;
  let sent = 0;
  let failed = 0;
  const latencies: number[] = [];
  const act = async (index: number) => {
    const member = members[index]!;
    const url = urls[(index + 1) % urls.length]!;
    const headers = { 'content-type': 'application/json', origin: url, cookie: member.cookie };
    const coupon = member.votesToCast > 0 ? undefined : member.coupons.pop();
    if (!coupon && member.votesToCast === 0) return;
    const begun = performance.now();
    const response = coupon
      ? await fetch(`${url}/api/coupons/${coupon.id}/redeem`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ redemptionCode: coupon.code }),
        })
      : await fetch(`${url}/api/vote`, {
          method: 'POST',
          headers,
          // One vote per shop (the demo battle's limit): each vote goes to a shop not voted for yet.
          body: JSON.stringify({ businessId: shopIds[member.votesCast % shopIds.length] }),
        });
    latencies.push(performance.now() - begun);
    sent += 1;
    if (!response.ok) failed += 1;
    else if (coupon) member.votesToCast += 1;
    else {
      member.votesToCast -= 1;
      member.votesCast += 1;
    }
    await response.body?.cancel();
  };
  const running = (async () => {
    let index = 0;
    while (!stopped) {
      void act(index % members.length).catch(() => (failed += 1));
      index += 7; // a stride through the crowd: different members, not neighbours
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
    figures: () => ({
      sent,
      failed,
      p99Ms: percentile(
        [...latencies].sort((a, b) => a - b),
        0.99,
      ),
    }),
  };
}

/**
 * `npm run bench -- evening`: the final evening of a battle. Two instances over one PostgreSQL,
 * Redis for the rate limits, the load client on the same 2-core machine. Members poll their
 * progress every 2 s with If-None-Match, as /profile does (docs/decisions/0032), while redeeming and
 * voting at a busy final hour's rate and visitors open the home page.
 */
export async function benchEvening(serverUrl: string) {
  const name = 'lb_bench_evening';
  const databaseUrl = await freshPostgresDatabase(serverUrl, name);
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  await seedDemoData(database.db, new Date());
  const battle = (await findCurrentBattle(database.db, new Date()))!;
  const crowd = await crowdOf(database.db, battle.id, CROWDS.at(-1)!);
  const shopIds = (
    await queryRows<{ id: number }>(
      database.db,
      sql`select id from businesses where challenge_id = ${battle.id} and deleted_at is null`,
    )
  ).map((row) => row.id);

  const instances = await startInstances({
    count: 2,
    databaseUrl,
    // As production runs it: React's production build renders the home page (the development
    // build stalled each instance's event loop for up to half a second per render).
    env: {
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      METRICS_TOKEN,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      ENABLE_TEST_TOOLS: 'true',
    },
  });
  const pids = instances.servers.map((server) => server.pid);
  const half = (index: number) => crowd.filter((_member, at) => at % 2 === index);
  try {
    // Sessions read once on each instance (0031's cache), as an evening's members are signed in.
    for (const url of instances.urls) {
      await load({
        url,
        connections: CONNECTIONS,
        amount: crowd.length,
        requests: [
          {
            setupRequest: (() => {
              let next = 0;
              return (request: Request) => ({
                ...request,
                method: 'GET',
                path: '/api/user',
                headers: { cookie: crowd[next++ % crowd.length]!.cookie },
              });
            })(),
          },
        ],
      });
    }

    // A changed poll: each member's first progress answer on its instance, read from the database.
    const changed = { microseconds: 0, answers: 0 };
    for (const [index, url] of instances.urls.entries()) {
      const members = half(index);
      const run = await cpuPerAnswer(pids, () =>
        load({
          url,
          connections: CONNECTIONS,
          amount: members.length,
          requests: pollRequests(members, true),
        }),
      );
      if (failures(run.result, [200]) > 0) throw new Error('a first poll failed');
      changed.microseconds += run.microseconds * run.answers;
      changed.answers += run.answers;
    }
    const changedMicroseconds = changed.microseconds / changed.answers;

    // An unchanged poll and the public shops answer, the same number of each, in the same run.
    const unchangedPolls = async () => {
      const before = await databaseStatements(instances.urls);
      const results = [];
      for (const [index, url] of instances.urls.entries()) {
        const members = half(index);
        results.push(
          await cpuPerAnswer(pids, () =>
            load({
              url,
              connections: CONNECTIONS,
              amount: members.length * 2,
              requests: pollRequests(members, true),
            }),
          ),
        );
      }
      // Each scrape reads the gauges' figures from the database: the four scrapes' own count out.
      const scraped = await databaseStatements(instances.urls);
      const scrapeCost = (await databaseStatements(instances.urls)) - scraped;
      const statements = scraped - before - scrapeCost;
      const answers = results.reduce((sum, each) => sum + each.answers, 0);
      return {
        microseconds:
          results.reduce((sum, each) => sum + each.microseconds * each.answers, 0) / answers,
        answers,
        statements,
        notModified: results.reduce((sum, each) => sum + (each.result.statusCounts['304'] ?? 0), 0),
      };
    };
    const publicReads = async () => {
      let microseconds = 0;
      let answers = 0;
      for (const url of instances.urls) {
        const run = await cpuPerAnswer(pids, () =>
          load({
            url: `${url}/api/businesses`,
            connections: CONNECTIONS,
            amount: crowd.length,
          }),
        );
        microseconds += run.microseconds * run.answers;
        answers += run.answers;
      }
      return microseconds / answers;
    };
    await unchangedPolls(); // warm-up of the 304 path and of the JIT
    // And of the home page's server render: a process's first render of / runs cold code for
    // hundreds of milliseconds, once, which is a start-up cost, not the evening's.
    for (const url of instances.urls) await load({ url, connections: 4, amount: 200 });
    const unchanged = await unchangedPolls();
    const businesses = await publicReads();

    // The evening: crowds of N members at once, each polling every 2 s, as long as they hold.
    let largestHeld = 0;
    const steps: string[] = [];
    for (const size of CROWDS) {
      const members = crowd.slice(0, size);
      // One scrape before and one after: each scrape restarts the event-loop delay figures.
      const metricsBefore = await scrape(instances.urls);
      const clientCpuBefore = process.cpuUsage();
      const pollsPerSecond = size / POLL_SECONDS;
      const write = writer(
        members,
        instances.urls,
        shopIds,
        Math.max(1, size / ACTION_EVERY_SECONDS),
      );
      const visitors = Promise.all(
        instances.urls.map((url) =>
          load({
            url,
            connections: 8,
            duration: STEP_SECONDS,
            overallRate: Math.max(1, size / MEMBERS_PER_PAGE_PER_SECOND / instances.urls.length),
          }),
        ),
      );
      const polls = await Promise.all(
        instances.urls.map((url, index) => {
          const own = members.filter((_member, at) => at % 2 === index);
          return load({
            url,
            // Few connections, each paced: autocannon counts the pacing of many idle ones as latency.
            connections: 16,
            duration: STEP_SECONDS,
            overallRate: pollsPerSecond / instances.urls.length,
            requests: pollRequests(own, true),
          });
        }),
      );
      await write.stop();
      const pages = await visitors;
      const written = write.figures();
      const p99 = Math.max(...polls.map((run) => run.p99Ms));
      const pollFailures = polls.reduce((sum, run) => sum + failures(run, [200, 304]), 0);
      const pageFailures = pages.reduce((sum, run) => sum + failures(run, [200]), 0);
      const served = polls.reduce((sum, run) => sum + run.total, 0);
      // Each render holds its instance's event loop (see the pages part's render CPU).
      const seen = await serverView(instances.urls, metricsBefore);
      const renders = seen.renders;
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const clientBusy = (clientCpu.user + clientCpu.system) / 1e6 / STEP_SECONDS;
      const held =
        p99 < POLL_P99_BUDGET_MS &&
        pollFailures === 0 &&
        pageFailures === 0 &&
        written.failed === 0 &&
        served >= 0.9 * pollsPerSecond * STEP_SECONDS;
      steps.push(
        `${size}: ${served} polls (p99 ${p99.toFixed(0)} ms, ${pollFailures} failed), ${written.sent} writes (p99 ${written.p99Ms.toFixed(0)} ms, ${written.failed} failed), ${pages.reduce((sum, run) => sum + run.total, 0)} pages (${pageFailures} failed, ${renders} server renders); servers: ${(seen.within25Ms * 100).toFixed(1)}% of polls answered within 25 ms, event loop delayed up to ${seen.loopDelayMaxMs.toFixed(0)} ms, ${seen.longCollections} garbage collections over 100 ms; load client busy ${(clientBusy * 100).toFixed(0)}% of a core: ${held ? 'held' : 'did not hold'}`,
      );
      process.stdout.write(`evening: ${steps.at(-1)}\n`);
      if (!held) break;
      largestHeld = size;
    }

    record({
      name: `members polling /profile every 2 s on one 2-core machine (two instances), poll p99 < ${POLL_P99_BUDGET_MS} ms, no errors`,
      figure: largestHeld,
      unit: 'members',
      peer: { name: 'design target', figure: DESIGN_TARGET_MEMBERS },
      budget: `reported; design target ${DESIGN_TARGET_MEMBERS}`,
      pass: largestHeld > 0,
    });
    record({
      name: 'server CPU per unchanged poll (304, If-None-Match)',
      figure: unchanged.microseconds,
      unit: 'µs',
      peer: { name: 'GET /api/businesses in the same run', figure: businesses },
      budget: `<= ${UNCHANGED_BUDGET}× peer`,
      pass: unchanged.microseconds <= UNCHANGED_BUDGET * businesses,
    });
    record({
      name: 'database statements per unchanged poll (lb_db_statements_total)',
      figure: unchanged.statements / unchanged.answers,
      unit: 'per poll',
      budget: '0 (periodic jobs run beside it)',
      pass: unchanged.statements / unchanged.answers < 0.001,
    });
    record({
      name: 'server CPU per changed poll (read from the database)',
      figure: changedMicroseconds,
      unit: 'µs',
      peer: { name: 'GET /api/businesses in the same run', figure: businesses },
      budget: `<= ${CHANGED_BUDGET}× peer`,
      pass: changedMicroseconds <= CHANGED_BUDGET * businesses,
    });
    note(
      `Evening: two instances over one PostgreSQL with Redis limits, the load client on the same machine. ` +
        `${unchanged.answers} unchanged polls (${unchanged.notModified} answered 304) made ${unchanged.statements} database statements in all. ` +
        `Each crowd ran ${STEP_SECONDS} s: polls every ${POLL_SECONDS} s with If-None-Match, one redeem or vote per member per ` +
        `${ACTION_EVERY_SECONDS / 60} minutes sent to the other instance, and one page of / per ${MEMBERS_PER_PAGE_PER_SECOND} members a second. ` +
        steps.join('; ') +
        '.',
    );
  } finally {
    await instances.stopAll();
    await database.close();
  }
}
