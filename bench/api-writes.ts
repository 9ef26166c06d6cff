import { sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { hashPassword } from '#server/auth/service.ts';
import { localChangeFeed } from '#server/db/changes.ts';
import type { Db } from '#server/db/client.ts';
import { businesses, challenges, coupons, users } from '#server/db/schema.ts';
import { issuePass } from '#server/passes/issue.ts';
import { redeemCoupon } from '#server/redemption/service.ts';
import { castVote } from '#server/voting/service.ts';
import type { RunningServer } from '#tests/helpers/server-process.ts';
import { load } from './lib/load.ts';
import { note, record } from './lib/report.ts';
import { percentile } from './lib/stats.ts';
import { cookiesSetBy } from './lib/cookies.ts';

const MEMBERS = 64;
/**
 * Members in a measured world: three times those in flight, so a run is 11,520 requests (several
 * seconds) and its p99 rests on the steady state, not on the first moments of a 2-second run.
 */
const WORLD_MEMBERS = 3 * MEMBERS;
const BENCH_PASSWORD = 'password123';
const SHOPS = 60;
const WRITE_BUDGET_RATIO = 0.9;
const P99_BUDGET_MS = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

interface BenchMember {
  userId: number;
  username: string;
  cookie?: string;
  coupons: { id: number; code: string; businessId: number }[];
}

/** A running challenge with many shops and unlimited votes per shop, so every request does real work. */
export async function createWriteWorld(db: Db, label: string, memberCount: number) {
  const now = Date.now();
  const [challenge] = await db
    .insert(challenges)
    .values({
      title: `Bench ${label}`,
      description: 'Benchmark',
      startDate: new Date(now - DAY_MS),
      endDate: new Date(now + 29 * DAY_MS),
      price: 25,
      active: true,
      votesPerShop: null,
    })
    .returning();
  const shops = await db
    .insert(businesses)
    .values(
      Array.from({ length: SHOPS }, (_, index) => ({
        challengeId: challenge!.id,
        name: `Bench Shop ${index}`,
        description: 'Benchmark shop',
        address: `${index} Bench St`,
        position: index,
        redemptionCode: String(1000 + index),
      })),
    )
    .returning();
  const codeOf = new Map(shops.map((shop) => [shop.id, shop.redemptionCode]));
  // Plain members sharing one password hash: hashing each would take most of the set-up time.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const memberRows = await db
    .insert(users)
    .values(
      Array.from({ length: memberCount }, (_, index) => ({
        username: `bench_${label}_${index}`,
        passwordHash,
        email: `b${index}@example.com`,
      })),
    )
    .returning();
  const members: BenchMember[] = [];
  for (const user of memberRows) {
    const { pass } = await db.transaction((tx) =>
      issuePass(tx, { userId: user.id, challengeId: challenge!.id }),
    );
    const rows = await db
      .select()
      .from(coupons)
      .where(sql`${coupons.passId} = ${pass.id}`);
    members.push({
      userId: user.id,
      username: user.username,
      coupons: rows.map((row) => ({
        id: row.id,
        code: codeOf.get(row.businessId)!,
        businessId: row.businessId,
      })),
    });
  }
  return { challengeId: challenge!.id, members, shopIds: shops.map((shop) => shop.id) };
}

async function signIn(server: RunningServer, member: BenchMember, address: string) {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': address },
    body: JSON.stringify({ username: member.username, password: BENCH_PASSWORD }),
  });
  member.cookie = cookiesSetBy(response);
}

/**
 * One shared queue of jobs, interleaved by member (job k belongs to member k mod the member count), so the 64
 * requests in flight at any moment are 64 different members, as at 64 cashiers at once.
 * (autocannon resets its per-connection context after every request, so the queue lives here.)
 */
function interleavedRequests(
  members: BenchMember[],
  build: (member: BenchMember, step: number) => { path: string; body: unknown },
  origin: string,
): Request[] {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        const job = next++;
        const member = members[job % members.length]!;
        const { path, body } = build(member, Math.floor(job / members.length));
        return {
          ...request,
          method: 'POST',
          path,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', origin, cookie: member.cookie! },
        };
      },
    },
  ];
}

/** The same rules (the same SQL through the same service functions) in bare loops: the database's limit. */
async function peerThroughput(
  members: BenchMember[],
  job: (member: BenchMember, step: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    members.map(async (member) => {
      for (let step = 0; step < member.coupons.length; step += 1) {
        const begun = performance.now();
        await job(member, step);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

/**
 * Before the measured runs, a rehearsal: real redeems and votes by other members in a challenge
 * of its own, closed afterwards. It fills the connection pools, lets every PostgreSQL connection
 * plan each path of the rule functions and lets V8 optimise the server's code, so the figures are
 * those of a server that has been up a while (start-up has its own figure).
 */
const REHEARSAL_ROUNDS = 20;
/** Each measured run's first rounds open its 64 connections at once and are left out (lib/load.ts). */
const LEAD_IN_ROUNDS = 4;

async function closeChallenge(db: Db, challengeId: number) {
  await db.execute(sql`update challenges set active = false where id = ${challengeId}`);
}

function redeemRequests(world: { members: BenchMember[] }, origin: string) {
  return interleavedRequests(
    world.members,
    (member, step) => {
      const coupon = member.coupons[step % member.coupons.length]!;
      return { path: `/api/coupons/${coupon.id}/redeem`, body: { redemptionCode: coupon.code } };
    },
    origin,
  );
}

function voteRequests(world: { members: BenchMember[]; shopIds: number[] }, origin: string) {
  return interleavedRequests(
    world.members,
    (member, step) => ({
      path: '/api/vote',
      body: { businessId: world.shopIds[(member.userId + step) % world.shopIds.length] },
    }),
    origin,
  );
}

async function signedInWorld(
  server: RunningServer,
  db: Db,
  label: string,
  memberCount: number,
  network: number,
) {
  const world = await createWriteWorld(db, label, memberCount);
  // One address per member: sign-in is rate limited per address.
  for (const [index, member] of world.members.entries())
    await signIn(server, member, `10.${network}.${index >> 8}.${index & 255}`);
  return world;
}

export async function benchWrites(server: RunningServer, db: Db) {
  const rehearsal = await signedInWorld(server, db, 'rehearsal', MEMBERS, 8);
  for (const requests of [
    redeemRequests(rehearsal, server.url),
    voteRequests(rehearsal, server.url),
  ]) {
    const run = await load({
      url: server.url,
      connections: MEMBERS,
      amount: MEMBERS * REHEARSAL_ROUNDS,
      requests,
    });
    if (run.errors > 0 || run.non2xx > 0)
      throw new Error(`write rehearsal failed: ${run.non2xx} non-2xx, ${run.errors} errors`);
  }
  await closeChallenge(db, rehearsal.challengeId);

  const site = await signedInWorld(server, db, 'site', WORLD_MEMBERS, 9);
  const total = WORLD_MEMBERS * SHOPS;
  const leadIn = MEMBERS * LEAD_IN_ROUNDS;
  const redeem = await load({
    url: server.url,
    connections: MEMBERS,
    amount: total,
    leadIn,
    requests: redeemRequests(site, server.url),
  });
  const vote = await load({
    url: server.url,
    connections: MEMBERS,
    amount: total,
    leadIn,
    requests: voteRequests(site, server.url),
  });
  const rssAfterWrites = server.rssMb();

  // The limit: the same rule functions on a pool of 64 connections, no HTTP, fresh members,
  // after the same rehearsal.
  const now = () => new Date();
  // The rule alone: the notices of votes and redeems reach no one here.
  const withoutListeners = localChangeFeed();
  // Online redeems mail nothing; only a refused offline one would (docs/decisions/0042).
  const benchMail = { siteName: 'Local Battles', baseUrl: server.url };
  const redeemJob = (member: BenchMember, step: number) => {
    const coupon = member.coupons[step]!;
    return redeemCoupon(db, withoutListeners, benchMail, {
      member: { userId: member.userId },
      couponId: coupon.id,
      redemptionCode: coupon.code,
      now: now(),
    });
  };
  const voteJobIn = (world: { shopIds: number[] }) => (member: BenchMember, step: number) =>
    castVote(db, withoutListeners, {
      member: { userId: member.userId },
      businessId: world.shopIds[(member.userId + step) % world.shopIds.length]!,
      now: now(),
    });
  const peerRehearsal = await createWriteWorld(db, 'peer_rehearsal', MEMBERS);
  const rehearsalMembers = peerRehearsal.members.map((member) => ({
    ...member,
    coupons: member.coupons.slice(0, REHEARSAL_ROUNDS),
  }));
  await peerThroughput(rehearsalMembers, redeemJob);
  await peerThroughput(rehearsalMembers, voteJobIn(peerRehearsal));
  await closeChallenge(db, peerRehearsal.challengeId);
  const peer = await createWriteWorld(db, 'peer', WORLD_MEMBERS);
  const redeemPeer = await peerThroughput(peer.members, redeemJob);
  const votePeer = await peerThroughput(peer.members, voteJobIn(peer));

  for (const [name, result, peerFigure] of [
    ['POST /api/coupons/:id/redeem', redeem, redeemPeer],
    ['POST /api/vote', vote, votePeer],
  ] as const) {
    const ok = result.non2xx === 0 && result.errors === 0;
    record({
      name: `${name} throughput, ${MEMBERS} members at once${ok ? '' : ` (${result.non2xx} non-2xx, ${result.errors} errors)`}`,
      figure: result.requestsPerSecond,
      unit: 'req/s',
      peer: { name: 'same rule functions in bare pg loops', figure: peerFigure.requestsPerSecond },
      budget: `>= ${WRITE_BUDGET_RATIO * 100}% of peer`,
      pass: ok && result.requestsPerSecond >= WRITE_BUDGET_RATIO * peerFigure.requestsPerSecond,
    });
    record({
      name: `${name} p99 latency, ${MEMBERS} members at once (p50 ${Math.round(result.p50Ms)} ms)`,
      figure: result.p99Ms,
      unit: 'ms',
      // Little's law: 64 requests in flight at X per second wait 64/X seconds on average, so the
      // bare loops' p99 at the same concurrency is the floor this machine sets.
      peer: { name: 'same rule functions in bare pg loops, p99', figure: peerFigure.p99Ms },
      budget: `< ${P99_BUDGET_MS} ms`,
      pass: result.p99Ms < P99_BUDGET_MS,
    });
  }
  record({
    name: 'server RSS at the end of the write load',
    figure: rssAfterWrites,
    unit: 'MB',
    budget: '< 300 MB',
    pass: rssAfterWrites < 300,
  });
  const redeemed = await db.$count(coupons, sql`${coupons.redeemed}`);
  note(
    `Write load: ${total} redemptions and ${total} votes by ${WORLD_MEMBERS} members, ${MEMBERS} at a time, each after a rehearsal of ` +
      `${MEMBERS * REHEARSAL_ROUNDS} by other members in a closed challenge; the first ${leadIn} answers of each ` +
      `run (its connections opening at once) are left out of its figures. ${redeemed} coupons redeemed in all (site and peer).`,
  );
}
