import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/endpoints.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { explorerBoardSchema } from '#shared/explorers.ts';
import { idParamsSchema } from '#shared/params.ts';
import type { AppDeps } from '../app-deps.ts';
import { sendJson } from '../public-reads/public-cache.ts';

/** The explorer board anyone may read (docs/decisions/0047); 404 for a draft's. */
export async function explorerPublicRoutes(app: FastifyInstance, { publicReads }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    endpoints.explorers.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: explorerBoardSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => sendJson(reply, await publicReads.explorers(request.params.id)),
  );
}
