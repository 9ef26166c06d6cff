import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voteBodySchema, voteResultSchema } from '#shared/voting.ts';
import type { AppDeps } from '../app-deps.ts';
import { sessionIdOf } from '../auth/session.ts';
import { castVote } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/** POST /api/vote: the session is checked in the vote's one database call (docs/decisions/0006). */
export async function voteRuleCallRoutes(
  app: FastifyInstance,
  { db, changes, clock, sessionSigner }: AppDeps,
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      endpoints.vote.path,
      { schema: { body: voteBodySchema, response: { 200: voteResultSchema } } },
      async (request) =>
        castVote(db, changes, {
          member: { sessionId: sessionIdOf(request, sessionSigner) },
          businessId: request.body.businessId,
          now: clock(),
        }),
    );
}
