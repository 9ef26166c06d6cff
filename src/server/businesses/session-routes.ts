import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBusinessSchema,
  businessCreateSchema,
  businessPatchSchema,
} from '#shared/businesses.ts';
import { idParamsSchema } from '#shared/params.ts';
import { paths } from '#shared/paths.ts';
import { shopLinkSchema } from '#shared/shop-side.ts';
import { shopImportRequestSchema, shopImportResultSchema } from '#shared/shop-import.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import { adminBusinessAt, adminBusinessesAt } from './current-code.ts';
import { importShops } from './import.ts';
import { issueShopLink, revokeShopLink } from './shop-page.ts';
import {
  createBusiness,
  deleteBusiness,
  listBusinessesForAdmin,
  updateBusiness,
} from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * Organizer routes for shops. A write that changes what the public reads announces it once
 * committed (docs/decisions/0016); a refused one, or one that wrote nothing, stays silent.
 */
export async function businessSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const adminApi = app.withTypeProvider<ZodTypeProvider>();

  adminApi.get(
    endpoints.challengeShops.path,
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
    endpoints.createShop.path,
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
      const created = await createBusiness(db, request.body, clock(), config.languages);
      await clearPublicReadsEverywhere(deps, request.log);
      return reply.status(201).send(await adminBusinessAt(db, created, clock()));
    },
  );

  adminApi.patch(
    endpoints.updateShop.path,
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
      const { business, written } = await updateBusiness(
        db,
        request.params.id,
        request.body,
        clock(),
        config.languages,
      );
      if (written) await clearPublicReadsEverywhere(deps, request.log);
      return adminBusinessAt(db, business, clock());
    },
  );

  adminApi.post(
    endpoints.issueShopLink.path,
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
    endpoints.revokeShopLink.path,
    { schema: { params: idParamsSchema, response: { 204: z.null(), 404: errorBodySchema } } },
    async (request, reply) => {
      await revokeShopLink(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  adminApi.post(
    endpoints.importShops.path,
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
      const result = await importShops(
        db,
        request.params.id,
        request.body,
        clock(),
        config.languages,
      );
      if (result.imported > 0) await clearPublicReadsEverywhere(deps, request.log);
      return result;
    },
  );

  adminApi.delete(
    endpoints.deleteShop.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteBusiness(db, request.params.id, clock());
      await clearPublicReadsEverywhere(deps, request.log);
      return reply.status(204).send(null);
    },
  );
}
