import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voteCountsSchema } from '#shared/businesses.ts';
import type { AppDeps } from '../app.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { voteCountsForChallenge } from './service.ts';

export async function votingRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/votes', { schema: { response: { 200: voteCountsSchema } } }, async () => {
    const challenge = await findActiveChallenge(db, clock());
    return challenge ? voteCountsForChallenge(db, challenge.id) : {};
  });
}
