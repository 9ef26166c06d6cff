import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { publicDrawSchema } from '#shared/results.ts';
import type { AppDeps } from '../app-deps.ts';
import { csvHeaders } from '../settlement/routes.ts';
import { entriesCsvOf, publicDrawsOf } from './service.ts';

/** The refusals every draw route may answer with. */
export const drawErrorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * docs/RULES.md rule 19: the draws anyone may check. Before the reveal they show the commitment
 * only; the entries file exists once the draw is revealed.
 */
export async function drawPublicRoutes(app: FastifyInstance, { db }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/challenges/:id/draws',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: z.array(publicDrawSchema), ...drawErrorResponses },
      },
    },
    async (request) => publicDrawsOf(db, request.params.id),
  );

  api.get(
    '/api/draws/:id/entries.csv',
    // Typed as text: the stored bytes go out as they are, so their SHA-256 is entriesCsvSha256.
    { schema: { params: idParamsSchema, response: { 200: z.string(), ...drawErrorResponses } } },
    async (request, reply) => {
      const csv = await entriesCsvOf(db, request.params.id);
      return reply.headers(csvHeaders(`draw-${request.params.id}-entries.csv`)).send(csv);
    },
  );
}
