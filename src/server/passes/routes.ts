import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#shared/errors.ts';
import { passSchema } from '#shared/passes.ts';
import type { AppDeps } from '../app-deps.ts';
import { findCurrentBattle } from '../challenges/current-battle.ts';
import { notFound } from '../errors.ts';
import { signedInUserId } from '../auth/guards.ts';
import { MEMBER_ANSWER_CACHE_CONTROL } from '../member-reads/member-answers.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { NO_PASS_MESSAGE } from './refusal.ts';
import { createTestPass, findPass, toPassDto } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

export async function passRoutes(
  app: FastifyInstance,
  { db, clock, config, memberAnswers }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    endpoints.userPass.path,
    {
      schema: { response: { 200: passSchema, 304: z.null(), 404: errorBodySchema } },
    },
    // Kept in memory like the progress (docs/decisions/0032): a switch off or on is announced.
    async (request, reply) => {
      const userId = signedInUserId(request);
      const answer = await memberAnswers.answer('pass', userId, async () => {
        const challenge = await findCurrentBattle(db, clock());
        const pass = challenge && (await findPass(db, userId, challenge.id));
        if (!pass) throw notFound(NO_PASS_MESSAGE);
        return { passId: pass.id, body: passSchema.parse(toPassDto(pass)) };
      });
      return sendJson(reply, answer, MEMBER_ANSWER_CACHE_CONTROL);
    },
  );

  // docs/RULES.md rule 5: without test tools the route does not exist (404 like any unknown path).
  if (config.testToolsEnabled) {
    api.post(
      endpoints.createTestPass.path,
      {
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
