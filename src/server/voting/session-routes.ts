import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '#shared/auth.ts';
import { publicBusinessSchema, voteCountsSchema } from '#shared/businesses.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { availableVotesSchema } from '#shared/voting.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { signedInUserId } from '../auth/guards.ts';
import { answerLanguageOf } from '../public-reads/request-language.ts';
import {
  availableVotesOf,
  ownVoteCounts,
  resetVotes,
  visitedBusinesses,
  votedBusinesses,
} from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The signed-in member's own votes, inside app.ts's session scope. */
export async function votingSessionRoutes(
  app: FastifyInstance,
  { db, clock, config, changes, publicReads }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const heldPass = async (request: Parameters<typeof signedInUserId>[0]) =>
    (await requireHeldPass(db, signedInUserId(request), clock())).pass;

  api.get(
    endpoints.availableVotes.path,
    {
      schema: { response: { 200: availableVotesSchema, 404: errorBodySchema } },
    },
    async (request) => ({
      availableVotes: await availableVotesOf(db, (await heldPass(request)).id),
    }),
  );

  api.get(
    endpoints.ownVotes.path,
    {
      schema: { response: { 200: voteCountsSchema, 404: errorBodySchema } },
    },
    async (request) => ownVoteCounts(db, (await heldPass(request)).id),
  );

  api.get(
    endpoints.votedShops.path,
    {
      schema: { response: { 200: z.array(publicBusinessSchema), 404: errorBodySchema } },
    },
    async (request, reply) =>
      votedBusinesses(
        db,
        (await heldPass(request)).id,
        answerLanguageOf(request, reply, publicReads),
      ),
  );

  api.get(
    endpoints.visitedShops.path,
    {
      schema: { response: { 200: z.array(publicBusinessSchema), 404: errorBodySchema } },
    },
    async (request, reply) =>
      visitedBusinesses(
        db,
        (await heldPass(request)).id,
        answerLanguageOf(request, reply, publicReads),
      ),
  );

  // Rule 5: without test tools the route does not exist, so it answers like any unknown path.
  if (config.testToolsEnabled) {
    api.post(
      endpoints.resetVotes.path,
      {
        schema: { response: { 200: messageSchema, 404: errorBodySchema } },
      },
      async (request) => {
        const { removed } = await resetVotes(db, changes, {
          member: { userId: signedInUserId(request) },
          now: clock(),
        });
        return { message: `Your votes have been reset (${removed} removed).` };
      },
    );
  }
}
