import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/endpoints.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { publicMilestonesSchema } from '#shared/milestones.ts';
import { idParamsSchema } from '#shared/params.ts';
import type { AppDeps } from '../app-deps.ts';
import { sendJson } from '../public-reads/public-cache.ts';

/**
 * A battle's milestones for its page, checkout and passes (docs/decisions/0046), the rewards in the
 * request's language (docs/decisions/0050); 404 for a draft.
 */
export async function milestonePublicRoutes(app: FastifyInstance, { publicReads }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    endpoints.publicMilestones.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: publicMilestonesSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await publicReads.milestones(
          request.params.id,
          publicReads.languageOf(request.headers['accept-language']),
        ),
      ),
  );
}
