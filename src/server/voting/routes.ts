import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '#shared/auth.ts';
import { publicBusinessSchema, voteCountsSchema } from '#shared/businesses.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { availableVotesSchema, voteBodySchema, voteResultSchema } from '#shared/voting.ts';
import type { AppDeps } from '../app.ts';
import { requireMember, signedInUser } from '../auth/guards.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { sendJson } from '../plugins/public-cache.ts';
import {
  availableVotesOf,
  castVote,
  ownVoteCounts,
  resetVotes,
  visitedBusinesses,
  voteCountsForChallenge,
  votedBusinesses,
} from './service.ts';

/** Public vote totals: no session, answered from the public read cache (at most a second old). */
export async function votingPublicRoutes(app: FastifyInstance, { db, clock, publicCache }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/votes',
    { schema: { response: { 200: voteCountsSchema } } },
    async (_request, reply) => {
      const body = await publicCache.json('votes', async () => {
        const challenge = await findActiveChallenge(db, clock());
        return challenge ? voteCountsForChallenge(db, challenge.id) : {};
      });
      return sendJson(reply, body);
    },
  );
}

export async function votingRoutes(app: FastifyInstance, { db, clock, config }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = requireMember(db);
  const heldPass = async (request: Parameters<typeof signedInUser>[0]) =>
    (await requireHeldPass(db, signedInUser(request).id, clock())).pass;


  api.get(
    '/api/user/available-votes',
    {
      preHandler: member,
      schema: { response: { 200: availableVotesSchema, 404: errorBodySchema } },
    },
    async (request) => ({
      availableVotes: await availableVotesOf(db, (await heldPass(request)).id),
    }),
  );

  api.post(
    '/api/vote',
    {
      preHandler: member,
      schema: { body: voteBodySchema, response: { 200: voteResultSchema } },
    },
    async (request) =>
      castVote(db, {
        userId: signedInUser(request).id,
        businessId: request.body.businessId,
        now: clock(),
      }),
  );

  api.get(
    '/api/user/own-votes',
    { preHandler: member, schema: { response: { 200: voteCountsSchema, 404: errorBodySchema } } },
    async (request) => ownVoteCounts(db, (await heldPass(request)).id),
  );

  api.get(
    '/api/user/voted-businesses',
    {
      preHandler: member,
      schema: { response: { 200: z.array(publicBusinessSchema), 404: errorBodySchema } },
    },
    async (request) => votedBusinesses(db, (await heldPass(request)).id),
  );

  api.get(
    '/api/user/visited-businesses',
    {
      preHandler: member,
      schema: { response: { 200: z.array(publicBusinessSchema), 404: errorBodySchema } },
    },
    async (request) => visitedBusinesses(db, (await heldPass(request)).id),
  );

  // Rule 5: without test tools the route does not exist, so it answers like any unknown path.
  if (config.testToolsEnabled) {
    api.post(
      '/api/reset-votes',
      { preHandler: member, schema: { response: { 200: messageSchema, 404: errorBodySchema } } },
      async (request) => {
        const removed = await resetVotes(db, { userId: signedInUser(request).id, now: clock() });
        return { message: `Your votes have been reset (${removed} removed).` };
      },
    );
  }
}
