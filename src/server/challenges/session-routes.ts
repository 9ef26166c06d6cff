import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminChallengeSchema,
  challengeInputSchema,
  challengePatchSchema,
} from '#shared/challenges.ts';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import {
  createChallenge,
  listChallenges,
  toAdminChallengeDto,
  updateChallenge,
} from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * Organizer routes for challenges. A committed write announces the change to public answers
 * (docs/decisions/0016); a refused one stays silent.
 */
export async function challengeSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const { languages } = deps.config;
  const adminApi = app.withTypeProvider<ZodTypeProvider>();

  adminApi.get(
    endpoints.adminChallenges.path,
    {
      schema: {
        response: {
          200: z.array(adminChallengeSchema),
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async () =>
      (await listChallenges(db)).map((challenge) => toAdminChallengeDto(challenge, languages)),
  );

  adminApi.post(
    endpoints.createChallenge.path,
    {
      schema: {
        body: challengeInputSchema,
        response: { 201: adminChallengeSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await createChallenge(db, request.body, languages);
      await clearPublicReadsEverywhere(deps, request.log);
      return reply.status(201).send(toAdminChallengeDto(created, languages));
    },
  );

  adminApi.patch(
    endpoints.updateChallenge.path,
    {
      schema: {
        params: idParamsSchema,
        body: challengePatchSchema,
        response: {
          200: adminChallengeSchema,
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
        languages,
      );
      if (written) await clearPublicReadsEverywhere(deps, request.log);
      return toAdminChallengeDto(challenge, languages);
    },
  );
}
