import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/errors.ts';
import { passSchema } from '#shared/passes.ts';
import type { AppDeps } from '../app.ts';
import { requireMember, signedInUser } from '../auth/guards.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { notFound } from '../errors.ts';
import { findPass, toPassDto } from './service.ts';

export async function passRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
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
}
