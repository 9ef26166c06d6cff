import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '#shared/auth.ts';
import { publicBusinessSchema, voteCountsSchema } from '#shared/businesses.ts';
import { standingsFreezeAt, standingsFrozen } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { availableVotesSchema, voteBodySchema, voteResultSchema } from '#shared/voting.ts';
import type { AppDeps } from '../app-deps.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { toChallengeDto } from '../challenges/service.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { requireMember, signedInUserId } from '../auth/guards.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { sessionIdOf } from '../auth/session.ts';
import { LiveCounts } from './live-counts.ts';
import { StreamSlots } from './stream-slots.ts';
import {
  availableVotesOf,
  castVote,
  ownVoteCounts,
  resetVotes,
  visitedBusinesses,
  voteCountsForChallenge,
  voteCountsAsOf,
  votedBusinesses,
} from './service.ts';

/**
 * The public counts: the active challenge's live shops (none when there is no challenge); in a
 * standings freeze, as they stood at the freeze instant (docs/RULES.md rule 18).
 */
async function publicVoteCounts({ db, clock }: AppDeps) {
  const now = clock();
  const challenge = await findActiveChallenge(db, now);
  if (!challenge) return {};
  const dto = toChallengeDto(challenge);
  const freezeAt = standingsFreezeAt(dto);
  return freezeAt && standingsFrozen(dto, now)
    ? voteCountsAsOf(db, challenge.id, freezeAt)
    : voteCountsForChallenge(db, challenge.id);
}

/** How long a client waits before reconnecting (the stream's `retry:` field). */
const STREAM_RETRY_MS = 3_000;
/** A comment line this often keeps proxies and the browser from timing the stream out. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** A client that lets this much go unread is too slow to follow: it is dropped and reconnects. */
const STREAM_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Public vote totals: no session, answered from the public read cache (at most a second old). */
export async function votingPublicRoutes(app: FastifyInstance, deps: AppDeps) {
  const { publicCache, changes, config } = deps;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/votes',
      { schema: { response: { 200: voteCountsSchema } } },
      async (_request, reply) => {
        const cached = await publicCache.json('votes', voteCountsSchema, () =>
          publicVoteCounts(deps),
        );
        return sendJson(reply, cached);
      },
    );

  // docs/decisions/0016: the same counts pushed when they change, one read per change for all.
  const live = new LiveCounts({
    read: async () => JSON.stringify(voteCountsSchema.parse(await publicVoteCounts(deps))),
    changes,
    intervalMs: config.liveCountsIntervalMs,
  });
  const openStreams = new Set<{ write(chunk: string): void; end(): void }>();
  const slots = new StreamSlots({
    perAddress: config.streamsPerAddress,
    perInstance: config.streamsPerInstance,
  });
  const heartbeat = setInterval(() => {
    for (const stream of openStreams) stream.write(': heartbeat\n\n');
    live.recheck();
  }, STREAM_HEARTBEAT_MS);
  heartbeat.unref();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    live.close();
    for (const stream of openStreams) stream.end();
  });

  app.get(
    '/api/votes/stream',
    {
      schema: {
        description:
          'Server-Sent Events: the public vote counts (as GET /api/votes) at once, then again whenever they change, at most once a second; comment lines as heartbeats.',
        response: {
          200: { content: { 'text/event-stream': { schema: voteCountsSchema } } },
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Taken before the first await, so a burst of requests cannot all pass the check at once.
      const releaseSlot = slots.take(normalizeIP(request.ip));
      const response = reply.raw;
      let started = false;
      let latest: string | undefined;
      const stream = {
        write(chunk: string) {
          if (response.writableLength > STREAM_MAX_BUFFERED_BYTES) response.destroy();
          else response.write(chunk);
        },
        end: () => response.end(),
      };
      const unsubscribe = live.subscribe((json) => {
        if (started) stream.write(`data: ${json}\n\n`);
        else latest = json;
      });
      response.once('close', () => {
        releaseSlot();
        openStreams.delete(stream);
        unsubscribe();
      });
      let first: string;
      try {
        first = await live.current();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      reply.hijack();
      if (response.destroyed) return;
      // The security headers set so far, then the ones an event stream needs (no proxy buffering).
      void reply.headers({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) response.setHeader(name, value);
      response.writeHead(200);
      response.write(`retry: ${STREAM_RETRY_MS}\n\ndata: ${first}\n\n`);
      if (latest !== undefined && latest !== first) response.write(`data: ${latest}\n\n`);
      started = true;
      openStreams.add(stream);
      request.log.debug({ streams: live.streamCount }, 'vote stream opened');
    },
  );
}

/** POST /api/vote: the session is checked in the vote's one database call (docs/decisions/0006). */
export async function voteRoutes(
  app: FastifyInstance,
  { db, changes, clock, sessionSigner }: AppDeps,
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/vote',
      { schema: { body: voteBodySchema, response: { 200: voteResultSchema } } },
      async (request) =>
        castVote(db, changes, {
          member: { sessionId: sessionIdOf(request, sessionSigner) },
          businessId: request.body.businessId,
          now: clock(),
        }),
    );
}

export async function votingRoutes(app: FastifyInstance, { db, clock, config }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const heldPass = async (request: Parameters<typeof signedInUserId>[0]) =>
    (await requireHeldPass(db, signedInUserId(request), clock())).pass;

  api.get(
    '/api/user/available-votes',
    {
      preHandler: requireMember,
      schema: { response: { 200: availableVotesSchema, 404: errorBodySchema } },
    },
    async (request) => ({
      availableVotes: await availableVotesOf(db, (await heldPass(request)).id),
    }),
  );

  api.get(
    '/api/user/own-votes',
    {
      preHandler: requireMember,
      schema: { response: { 200: voteCountsSchema, 404: errorBodySchema } },
    },
    async (request) => ownVoteCounts(db, (await heldPass(request)).id),
  );

  api.get(
    '/api/user/voted-businesses',
    {
      preHandler: requireMember,
      schema: { response: { 200: z.array(publicBusinessSchema), 404: errorBodySchema } },
    },
    async (request) => votedBusinesses(db, (await heldPass(request)).id),
  );

  api.get(
    '/api/user/visited-businesses',
    {
      preHandler: requireMember,
      schema: { response: { 200: z.array(publicBusinessSchema), 404: errorBodySchema } },
    },
    async (request) => visitedBusinesses(db, (await heldPass(request)).id),
  );

  // Rule 5: without test tools the route does not exist, so it answers like any unknown path.
  if (config.testToolsEnabled) {
    api.post(
      '/api/reset-votes',
      {
        preHandler: requireMember,
        schema: { response: { 200: messageSchema, 404: errorBodySchema } },
      },
      async (request) => {
        const { removed } = await resetVotes(db, {
          member: { userId: signedInUserId(request) },
          now: clock(),
        });
        return { message: `Your votes have been reset (${removed} removed).` };
      },
    );
  }
}
