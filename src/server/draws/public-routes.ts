import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { publicDrawSchema } from '#shared/draws.ts';
import type { AppDeps } from '../app-deps.ts';
import { csvHeaders } from '../audit-trail/csv.ts';
import { sendStoredFile, storedFileOf, storedFileResponses } from '../public-reads/stored-file.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { entriesCsvOf } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The refusals every draw route may answer with. */
export const drawErrorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * docs/RULES.md rules 19 and 23: the draws anyone may check, each from its commitment with its
 * creation time; the seed, entries file and reveal time once revealed. 404 for a draft's.
 */
export async function drawPublicRoutes(app: FastifyInstance, { db, publicReads }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    endpoints.publicDraws.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: z.array(publicDrawSchema), ...drawErrorResponses },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await publicReads.draws(
          request.params.id,
          publicReads.languageOf(request.headers['accept-language']),
        ),
      ),
  );

  api.get(
    endpoints.drawEntriesCsv.path,
    // The stored bytes go out as they are, so their SHA-256 is entriesCsvSha256 (also the ETag).
    {
      schema: {
        params: idParamsSchema,
        response: { ...storedFileResponses, ...drawErrorResponses },
      },
    },
    async (request, reply) => {
      const { csv, sha256 } = await entriesCsvOf(db, request.params.id);
      return sendStoredFile(
        request,
        reply,
        storedFileOf(Buffer.from(csv, 'utf8'), sha256),
        csvHeaders(`draw-${request.params.id}-entries.csv`),
      );
    },
  );
}
