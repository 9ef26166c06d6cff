import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voteCountsSchema } from '#shared/businesses.ts';
import type { AppDeps } from '../app-deps.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { endpoints } from '#shared/endpoints.ts';

/** Public vote totals: no session, answered from the public read cache (at most a second old). */
export async function votingPublicRoutes(app: FastifyInstance, { publicReads }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      endpoints.voteCounts.path,
      { schema: { response: { 200: voteCountsSchema } } },
      async (_request, reply) => sendJson(reply, await publicReads.voteCounts()),
    );
}
