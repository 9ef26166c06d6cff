import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/errors.ts';
import { passSchema } from '#shared/passes.ts';
import type { AppDeps } from '../app-deps.ts';
import { findCurrentBattle } from '../challenges/current-battle.ts';
import { notFound } from '../errors.ts';
import { requireMember, signedInUserId } from '../auth/guards.ts';
import { createTestPass, findPass, toPassDto } from './service.ts';

export async function passRoutes(app: FastifyInstance, { db, clock, config }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/pass',
    {
      preHandler: requireMember,
      schema: { response: { 200: passSchema, 404: errorBodySchema } },
    },
    async (request) => {
      const challenge = await findCurrentBattle(db, clock());
      const pass = challenge && (await findPass(db, signedInUserId(request), challenge.id));
      if (!pass) throw notFound('No pass found for the current challenge.');
      return toPassDto(pass);
    },
  );

  // docs/RULES.md rule 5: without test tools the route does not exist (404 like any unknown path).
  if (config.testToolsEnabled) {
    api.post(
      '/api/testing/create-pass',
      {
        preHandler: requireMember,
        schema: {
          response: {
            201: passSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const pass = await createTestPass(db, signedInUserId(request), clock());
        return reply.status(201).send(toPassDto(pass));
      },
    );
  }
}
