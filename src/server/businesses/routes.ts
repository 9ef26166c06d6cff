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
import { paths } from '#shared/paths.ts';
import {
  shopImportRequestSchema,
  shopImportResultSchema,
  shopLinkSchema,
  shopPageSchema,
  shopPauseSchema,
  shopTokenParamsSchema,
} from '#shared/shop-side.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { notFound } from '../errors.ts';
import { guardAdminScope } from '../auth/guards.ts';
import { PUBLIC_READ_CACHE_CONTROL, sendJson } from '../public-reads/public-cache.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import { adminBusinessAt, adminBusinessesAt } from './current-code.ts';
import { importShops } from './import.ts';
import { issueShopLink, revokeShopLink, setShopPausedByToken, shopPageOf } from './shop-page.ts';
import {
  createBusiness,
  deleteBusiness,
  findLiveBusiness,
  listBusinessesForAdmin,
  toPublicBusiness,
  updateBusiness,
} from './service.ts';

/** Public reads: no session, answered from the public read cache. */
export async function businessPublicRoutes(app: FastifyInstance, { db, publicReads }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const publicBusinessesSchema = z.array(publicBusinessSchema);
  api.get(
    '/api/businesses',
    { schema: { response: { 200: publicBusinessesSchema } } },
    async (_request, reply) => sendJson(reply, await publicReads.liveShops()),
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
      if (!business) throw notFound('Shop not found');
      void reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL);
      return toPublicBusiness(business);
    },
  );
}

/**
 * A shop's private page (docs/decisions/0013): the token in the path is the only key, so these
 * routes need no session. Request logs never show the token (plugins/log-serializers.ts).
 */
export async function shopPageRoutes(
  app: FastifyInstance,
  { db, clock, publicReads, changes }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    params: shopTokenParamsSchema,
    response: { 200: shopPageSchema, 400: errorBodySchema, 404: errorBodySchema },
  };

  api.get('/api/shop/:token', { schema }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return shopPageOf(db, request.params.token, clock());
  });

  api.post(
    '/api/shop/:token/pause',
    { schema: { ...schema, body: shopPauseSchema } },
    async (request, reply) => {
      await setShopPausedByToken(db, request.params.token, request.body.paused);
      // Members see the pause on the shop's public page at once, on every instance.
      await clearPublicReadsEverywhere({ publicReads, changes }, request.log);
      void reply.header('cache-control', 'no-store');
      return shopPageOf(db, request.params.token, clock());
    },
  );
}

/**
 * Organizer routes for shops. A write that changes what the public reads announces it once
 * committed (docs/decisions/0016); a refused one, or one that wrote nothing, stays silent.
 */
export async function businessRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
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
      async (request) =>
        adminBusinessesAt(db, await listBusinessesForAdmin(db, request.params.id), clock()),
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
      async (request, reply) => {
        const created = await createBusiness(db, request.body);
        await clearPublicReadsEverywhere(deps, request.log);
        return reply.status(201).send(await adminBusinessAt(db, created, clock()));
      },
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
      async (request) => {
        const { business, written } = await updateBusiness(db, request.params.id, request.body);
        if (written) await clearPublicReadsEverywhere(deps, request.log);
        return adminBusinessAt(db, business, clock());
      },
    );

    adminApi.post(
      '/api/admin/businesses/:id/shop-link',
      {
        schema: { params: idParamsSchema, response: { 201: shopLinkSchema, 404: errorBodySchema } },
      },
      async (request, reply) => {
        const token = await issueShopLink(db, request.params.id);
        const url = config.siteUrl.href(paths.shopPage(token));
        return reply.status(201).send({ url });
      },
    );

    adminApi.delete(
      '/api/admin/businesses/:id/shop-link',
      { schema: { params: idParamsSchema, response: { 204: z.null(), 404: errorBodySchema } } },
      async (request, reply) => {
        await revokeShopLink(db, request.params.id);
        return reply.status(204).send(null);
      },
    );

    adminApi.post(
      '/api/admin/challenges/:id/businesses/import',
      {
        schema: {
          params: idParamsSchema,
          body: shopImportRequestSchema,
          response: {
            200: shopImportResultSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const result = await importShops(db, request.params.id, request.body);
        if (result.imported > 0) await clearPublicReadsEverywhere(deps, request.log);
        return result;
      },
    );

    adminApi.delete(
      '/api/admin/businesses/:id',
      { schema: { params: idParamsSchema, response: { 204: z.null(), 404: errorBodySchema } } },
      async (request, reply) => {
        await deleteBusiness(db, request.params.id, clock());
        await clearPublicReadsEverywhere(deps, request.log);
        return reply.status(204).send(null);
      },
    );
  });
}
