import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '#shared/auth.ts';
import { publicBusinessSchema, voteCountsSchema } from '#shared/businesses.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { availableVotesSchema, voteBodySchema, voteResultSchema } from '#shared/voting.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { requireMember, signedInUserId } from '../auth/guards.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { sessionIdOf } from '../auth/session.ts';
import {
  availableVotesOf,
  castVote,
  ownVoteCounts,
  resetVotes,
  visitedBusinesses,
  votedBusinesses,
} from './service.ts';

/** Public vote totals: no session, answered from the public read cache (at most a second old). */
export async function votingPublicRoutes(app: FastifyInstance, { publicReads }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/votes',
      { schema: { response: { 200: voteCountsSchema } } },
      async (_request, reply) => sendJson(reply, await publicReads.voteCounts()),
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
