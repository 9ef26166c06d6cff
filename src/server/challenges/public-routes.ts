import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { challengeSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { notFound } from '../errors.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { findCurrentBattle } from './current-battle.ts';
import { toChallengeDto } from './service.ts';

/** The active challenge's answer, or null; built once, since a zod schema is costly to construct. */
const currentBattleBodySchema = challengeSchema.nullable();

/** Public read: no session, answered from the public read cache. */
export async function challengePublicRoutes(
  app: FastifyInstance,
  { db, clock, publicCache }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/challenge/active',
    { schema: { response: { 200: challengeSchema, 404: errorBodySchema } } },
    async (_request, reply) => {
      const cached = await publicCache.json('challenge', currentBattleBodySchema, async () => {
        const challenge = await findCurrentBattle(db, clock());
        return challenge ? toChallengeDto(challenge) : null;
      });
      if (cached.body === 'null') throw notFound('No active challenge available.');
      return sendJson(reply, cached);
    },
  );
}
