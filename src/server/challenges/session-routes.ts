import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { challengeInputSchema, challengePatchSchema, challengeSchema } from '#shared/challenges.ts';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import { createChallenge, listChallenges, toChallengeDto, updateChallenge } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * Organizer routes for challenges. A committed write announces the change to public answers
 * (docs/decisions/0016); a refused one stays silent.
 */
export async function challengeSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const adminApi = app.withTypeProvider<ZodTypeProvider>();

  adminApi.get(
    endpoints.adminChallenges.path,
    {
      schema: {
        response: { 200: z.array(challengeSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => (await listChallenges(db)).map(toChallengeDto),
  );

  adminApi.post(
    endpoints.createChallenge.path,
    {
      schema: {
        body: challengeInputSchema,
        response: { 201: challengeSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await createChallenge(db, request.body);
      await clearPublicReadsEverywhere(deps, request.log);
      return reply.status(201).send(toChallengeDto(created));
    },
  );

  adminApi.patch(
    endpoints.updateChallenge.path,
    {
      schema: {
        params: idParamsSchema,
        body: challengePatchSchema,
        response: {
          200: challengeSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { challenge, written } = await updateChallenge(
        db,
        request.params.id,
        request.body,
        deps.clock(),
      );
      if (written) await clearPublicReadsEverywhere(deps, request.log);
      return toChallengeDto(challenge);
    },
  );
}
