import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { challengeSchema, publishedChallengesSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { notFound } from '../errors.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { NO_ACTIVE_CHALLENGE } from '../public-reads/public-reads.ts';
import { endpoints } from '#shared/endpoints.ts';

/** Public read: no session, answered from the public read cache. */
export async function challengePublicRoutes(app: FastifyInstance, { publicReads }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    endpoints.activeChallenge.path,
    { schema: { response: { 200: challengeSchema, 404: errorBodySchema } } },
    async (request, reply) => {
      const cached = await publicReads.activeChallenge(
        publicReads.languageOf(request.headers['accept-language']),
      );
      if (cached.body === 'null') throw notFound(NO_ACTIVE_CHALLENGE);
      return sendJson(reply, cached);
    },
  );

  api.get(
    endpoints.publishedChallenges.path,
    { schema: { response: { 200: publishedChallengesSchema } } },
    async (request, reply) =>
      sendJson(
        reply,
        await publicReads.publishedChallenges(
          publicReads.languageOf(request.headers['accept-language']),
        ),
      ),
  );
}
