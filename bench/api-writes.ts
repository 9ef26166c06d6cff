import { sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { createOrPromoteAdmin } from '#server/auth/service.ts';
import type { Db } from '#server/db/client.ts';
import { businesses, challenges, coupons } from '#server/db/schema.ts';
import { issuePass } from '#server/passes/issue.ts';
import { redeemCoupon } from '#server/redemption/service.ts';
import { castVote } from '#server/voting/service.ts';
import type { RunningServer } from '#tests/helpers/server-process.ts';
import { load } from './lib/load.ts';
import { note, record } from './lib/report.ts';

const MEMBERS = 64;
const SHOPS = 60;
const WRITE_BUDGET_RATIO = 0.5;
const P99_BUDGET_MS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

interface BenchMember {
  userId: number;
  cookie?: string;
  coupons: { id: number; code: string; businessId: number }[];
}

/** A running challenge with many shops and unlimited votes per shop, so every request does real work. */
export async function createWriteWorld(db: Db, label: string) {
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
  const members: BenchMember[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const { user } = await createOrPromoteAdmin(db, { username: `bench_${label}_${index}`, password: 'password123', email: `b${index}@example.com` });
    // Plain members: the helper creates admins, so take the role back.
    await db.execute(sql`update users set is_admin = false where id = ${user.id}`);
    const { pass } = await db.transaction((tx) => issuePass(tx, { userId: user.id, challengeId: challenge!.id }));
    const rows = await db.select().from(coupons).where(sql`${coupons.passId} = ${pass.id}`);
    members.push({ userId: user.id, coupons: rows.map((row) => ({ id: row.id, code: codeOf.get(row.businessId)!, businessId: row.businessId })) });
  }
  return { challengeId: challenge!.id, members, shopIds: shops.map((shop) => shop.id) };
}

async function signIn(server: RunningServer, member: BenchMember, username: string, index: number) {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.9.0.${index}` },
    body: JSON.stringify({ username, password: 'password123' }),
  });
  member.cookie = response.headers.getSetCookie().at(-1)!.split(';')[0];
}

/**
 * One shared queue of jobs, interleaved by member (job k belongs to member k mod 64), so the 64
 * requests in flight at any moment are 64 different members, as at 64 cashiers at once.
 * (autocannon resets its per-connection context after every request, so the queue lives here.)
 */
function interleavedRequests(members: BenchMember[], build: (member: BenchMember, step: number) => { path: string; body: unknown }, origin: string): Request[] {
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
async function peerThroughput(db: Db, members: BenchMember[], job: (member: BenchMember, step: number) => Promise<unknown>) {
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
    p50Ms: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

/**
 * Requests that change nothing: a vote with none available (409) and a redeem of a coupon that
 * does not exist (404). Before the measured runs they fill the connection pools and let each
 * connection plan the rule functions, so the figures are the steady state (start-up is
 * measured on its own).
 */
const WARM_UP_ROUNDS = 4;
const UNKNOWN_COUPON_ID = 2_147_483_647;
const WARM_UP_CODE = '0000';
const warmUpVotes = (step: number) => step % 2 === 0;
function warmUpRequest(world: { shopIds: number[] }, step: number) {
  return warmUpVotes(step)
    ? { path: '/api/vote', body: { businessId: world.shopIds[0] } }
    : { path: `/api/coupons/${UNKNOWN_COUPON_ID}/redeem`, body: { redemptionCode: WARM_UP_CODE } };
}

export async function benchWrites(server: RunningServer, db: Db) {
  const site = await createWriteWorld(db, 'site');
  for (const [index, member] of site.members.entries()) await signIn(server, member, `bench_site_${index}`, index);
  const total = MEMBERS * SHOPS;

  const warmUp = await load({
    url: server.url,
    connections: MEMBERS,
    amount: MEMBERS * WARM_UP_ROUNDS,
    requests: interleavedRequests(site.members, (_member, step) => warmUpRequest(site, step), server.url),
  });
  if (warmUp.errors > 0) throw new Error(`write warm-up failed: ${warmUp.errors} errors`);

  const redeem = await load({
    url: server.url,
    connections: MEMBERS,
    amount: total,
    requests: interleavedRequests(site.members, (member, step) => {
      const coupon = member.coupons[step % member.coupons.length]!;
      return { path: `/api/coupons/${coupon.id}/redeem`, body: { redemptionCode: coupon.code } };
    }, server.url),
  });
  const vote = await load({
    url: server.url,
    connections: MEMBERS,
    amount: total,
    requests: interleavedRequests(site.members, (member, step) => ({
      path: '/api/vote',
      body: { businessId: site.shopIds[(member.userId + step) % site.shopIds.length] },
    }), server.url),
  });
  const rssAfterWrites = server.rssMb();

  // The limit: the same rule functions on a pool of 64 connections, no HTTP, fresh members.
  const peer = await createWriteWorld(db, 'peer');
  const now = () => new Date();
  const refused = () => undefined;
  await peerThroughput(db, peer.members.map((member) => ({ ...member, coupons: member.coupons.slice(0, WARM_UP_ROUNDS) })), (member, step) =>
    (warmUpVotes(step)
      ? castVote(db, { member: { userId: member.userId }, businessId: peer.shopIds[0]!, now: now() })
      : redeemCoupon(db, { member: { userId: member.userId }, couponId: UNKNOWN_COUPON_ID, redemptionCode: WARM_UP_CODE, now: now() })
    ).catch(refused),
  );
  const redeemPeer = await peerThroughput(db, peer.members, (member, step) => {
    const coupon = member.coupons[step]!;
    return redeemCoupon(db, { member: { userId: member.userId }, couponId: coupon.id, redemptionCode: coupon.code, now: now() });
  });
  const votePeer = await peerThroughput(db, peer.members, (member, step) =>
    castVote(db, { member: { userId: member.userId }, businessId: peer.shopIds[(member.userId + step) % peer.shopIds.length]!, now: now() }),
  );

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
      name: `${name} p99 latency, ${MEMBERS} members at once (p50 ${result.p50Ms} ms)`,
      figure: result.p99Ms,
      unit: 'ms',
      // Little's law: 64 requests in flight at X per second wait 64/X seconds on average, so the
      // bare loops' p99 at the same concurrency is the floor this machine sets.
      peer: { name: 'same rule functions in bare pg loops, p99', figure: peerFigure.p99Ms },
      budget: `< ${P99_BUDGET_MS} ms`,
      pass: result.p99Ms < P99_BUDGET_MS,
    });
  }
  record({ name: 'server RSS at the end of the write load', figure: rssAfterWrites, unit: 'MB', budget: '< 300 MB', pass: rssAfterWrites < 300 });
  const redeemed = await db.$count(coupons, sql`${coupons.redeemed}`);
  note(`Write load: ${total} redemptions and ${total} votes by ${MEMBERS} members; ${redeemed} coupons redeemed in all (site and peer).`);
}
