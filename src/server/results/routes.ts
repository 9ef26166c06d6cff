import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { resultsSchema } from '#shared/results.ts';
import type { AppDeps } from '../app-deps.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { csvHeaders } from '../audit-trail/csv.ts';
import { endedChallenge, publishedVotesCsv } from './service.ts';
import { sendStoredFile, storedFileResponses } from '../public-reads/stored-file.ts';
import { endpoints } from '#shared/endpoints.ts';

const versionQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Version must be a whole number' })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1')
    .max(1_000_000, 'Version must be at most 1000000')
    .optional(),
});

/**
 * docs/RULES.md rules 17 and 23: the published result of an ended battle and the counted votes
 * behind it, public and without a session, as stored at the end (and at each correction); 409
 * before the end, so nothing is published early; 404 for a draft.
 */
export async function resultsPublicRoutes(
  app: FastifyInstance,
  { db, clock, publicReads }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  api.get(
    endpoints.results.path,
    { schema: { params: idParamsSchema, response: { 200: resultsSchema, ...errors } } },
    async (request, reply) => {
      return sendJson(
        reply,
        await publicReads.results(
          request.params.id,
          publicReads.languageOf(request.headers['accept-language']),
        ),
      );
    },
  );

  api.get(
    endpoints.publishedVotesCsv.path,
    {
      schema: {
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { ...storedFileResponses, ...errors },
      },
    },
    async (request, reply) => {
      const challenge = await endedChallenge(db, request.params.id, clock());
      const file = await publishedVotesCsv(db, challenge, clock(), request.query.version);
      return sendStoredFile(
        request,
        reply,
        file,
        csvHeaders(`votes-challenge-${challenge.id}-v${file.version}.csv`),
      );
    },
  );
}
