import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBusinessSchema,
  businessCreateSchema,
  businessPatchSchema,
  publicBusinessSchema,
} from '#shared/businesses.ts';
import { idParamsSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { PUBLIC_READ_CACHE_CONTROL } from '../challenges/routes.ts';
import { notFound } from '../errors.ts';
import { guardAdminScope } from '../plugins/guards.ts';
import { sendJson } from '../plugins/public-cache.ts';
import {
  createBusiness,
  deleteBusiness,
  findLiveBusiness,
  listBusinessesForAdmin,
  listLiveBusinesses,
  toAdminBusiness,
  toPublicBusiness,
  updateBusiness,
} from './service.ts';

/** Public reads: no session, answered from the public read cache. */
export async function businessPublicRoutes(app: FastifyInstance, { db, clock, publicCache }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const publicBusinessesSchema = z.array(publicBusinessSchema);
  api.get(
    '/api/businesses',
    { schema: { response: { 200: publicBusinessesSchema } } },
    async (_request, reply) => {
      const body = await publicCache.json('businesses', publicBusinessesSchema, async () => {
        const challenge = await findActiveChallenge(db, clock());
        return challenge ? (await listLiveBusinesses(db, challenge.id)).map(toPublicBusiness) : [];
      });
      return sendJson(reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL), body);
    },
  );

  api.get(
    '/api/businesses/:id',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: publicBusinessSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const business = await findLiveBusiness(db, request.params.id);
      if (!business) throw notFound('Coffee shop not found');
      void reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL);
      return toPublicBusiness(business);
    },
  );
}

/** Organizer routes for shops. */
export async function businessRoutes(app: FastifyInstance, { db, clock }: AppDeps) {

  await app.register(async (admin) => {
    const adminApi = admin.withTypeProvider<ZodTypeProvider>();
    guardAdminScope(admin, db);

    adminApi.get(
      '/api/admin/challenges/:id/businesses',
      {
        schema: {
          params: idParamsSchema,
          response: { 200: z.array(adminBusinessSchema), 404: errorBodySchema },
        },
      },
      async (request) => (await listBusinessesForAdmin(db, request.params.id)).map(toAdminBusiness),
    );

    adminApi.post(
      '/api/admin/businesses',
      {
        schema: {
          body: businessCreateSchema,
          response: {
            201: adminBusinessSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(toAdminBusiness(await createBusiness(db, request.body))),
    );

    adminApi.patch(
      '/api/admin/businesses/:id',
      {
        schema: {
          params: idParamsSchema,
          body: businessPatchSchema,
          response: {
            200: adminBusinessSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => toAdminBusiness(await updateBusiness(db, request.params.id, request.body)),
    );

    adminApi.delete(
      '/api/admin/businesses/:id',
      { schema: { params: idParamsSchema, response: { 204: z.null(), 404: errorBodySchema } } },
      async (request, reply) => {
        await deleteBusiness(db, request.params.id, clock());
        return reply.status(204).send(null);
      },
    );
  });
}
