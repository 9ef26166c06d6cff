import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBusinessSchema } from '#shared/businesses.ts';
import { idParamsSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { notFound } from '../errors.ts';
import { findLiveBusiness, listLiveBusinesses, toPublicBusiness } from './service.ts';

export async function businessRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/businesses',
    { schema: { response: { 200: z.array(publicBusinessSchema) } } },
    async () => {
      const challenge = await findActiveChallenge(db, clock());
      if (!challenge) return [];
      return (await listLiveBusinesses(db, challenge.id)).map(toPublicBusiness);
    },
  );

  api.get(
    '/api/businesses/:id',
    { schema: { params: idParamsSchema, response: { 200: publicBusinessSchema, 404: errorBodySchema } } },
    async (request) => {
      const business = await findLiveBusiness(db, request.params.id);
      if (!business) throw notFound('Coffee shop not found');
      return toPublicBusiness(business);
    },
  );
}
