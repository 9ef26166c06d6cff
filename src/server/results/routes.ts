import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { resultsSchema } from '#shared/results.ts';
import type { AppDeps } from '../app-deps.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { csvHeaders } from '../settlement/routes.ts';
import { votesCsvStream } from '../settlement/service.ts';
import { endedChallenge } from './service.ts';

/**
 * docs/RULES.md rule 17: the published result of an ended battle and the counted votes behind it,
 * public and without a session; 409 before the end, so nothing is published early.
 */
export async function resultsPublicRoutes(
  app: FastifyInstance,
  { db, clock, publicReads }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 404: errorBodySchema, 409: errorBodySchema };

  api.get(
    '/api/challenges/:id/results',
    { schema: { params: idParamsSchema, response: { 200: resultsSchema, ...errors } } },
    async (request, reply) => {
      const challenge = await endedChallenge(db, request.params.id, clock());
      return sendJson(reply, await publicReads.results(challenge));
    },
  );

  api.get(
    '/api/challenges/:id/votes.csv',
    {
      schema: { params: idParamsSchema, response: { 200: z.custom<Readable>(), ...errors } },
    },
    async (request, reply) => {
      const challenge = await endedChallenge(db, request.params.id, clock());
      const stream = await votesCsvStream(db, challenge.id);
      return reply.headers(csvHeaders(`votes-challenge-${challenge.id}.csv`)).send(stream);
    },
  );
}
