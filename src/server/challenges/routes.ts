import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { challengeSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app.ts';
import { notFound } from '../errors.ts';
import { findActiveChallenge } from './active.ts';
import { toChallengeDto } from './service.ts';

export async function challengeRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/challenge/active',
    { schema: { response: { 200: challengeSchema, 404: errorBodySchema } } },
    async () => {
      const challenge = await findActiveChallenge(db, clock());
      if (!challenge) throw notFound('No active challenge available.');
      return toChallengeDto(challenge);
    },
  );
}
