import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/errors.ts';
import { passSchema } from '#shared/passes.ts';
import type { AppDeps } from '../app.ts';
import { requireMember, signedInUser } from '../auth/guards.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { notFound } from '../errors.ts';
import { issuePass } from './issue.ts';
import { findPass, toPassDto } from './service.ts';

export async function passRoutes(app: FastifyInstance, { db, clock, config }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/pass',
    {
      preHandler: requireMember(db),
      schema: { response: { 200: passSchema, 404: errorBodySchema } },
    },
    async (request) => {
      const challenge = await findActiveChallenge(db, clock());
      const pass = challenge && (await findPass(db, signedInUser(request).id, challenge.id));
      if (!pass) throw notFound('No pass found for the current challenge.');
      return toPassDto(pass);
    },
  );

  // Rule 5: 'Create Test Pass For This Account' exists only with test tools; otherwise no route.
  if (config.testToolsEnabled) {
    api.post(
      '/api/testing/create-pass',
      {
        preHandler: requireMember(db),
        schema: { response: { 200: passSchema, 201: passSchema, 404: errorBodySchema } },
      },
      async (request, reply) => {
        const challenge = await findActiveChallenge(db, clock());
        if (!challenge) throw notFound('No active challenge available.');
        const { pass, created } = await db.transaction((tx) =>
          issuePass(tx, { userId: signedInUser(request).id, challengeId: challenge.id }),
        );
        return reply.status(created ? 201 : 200).send(toPassDto(pass));
      },
    );
  }
}
