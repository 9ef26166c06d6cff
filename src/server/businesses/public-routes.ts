import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBusinessSchema } from '#shared/businesses.ts';
import { idParamsSchema } from '#shared/params.ts';
import { shopPageSchema, shopPauseSchema, shopTokenParamsSchema } from '#shared/shop-side.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { notFound } from '../errors.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { clearPublicReadsEverywhere, SHOP_NOT_FOUND } from '../public-reads/public-reads.ts';
import { limitPer, limitPerAddress } from '../plugins/rate-limits.ts';
import { setShopPausedByToken, shopLinkLimitKey, shopPageOf } from './shop-page.ts';
import { endpoints } from '#shared/endpoints.ts';

/** Public reads: no session, answered from the public read cache. */
export async function businessPublicRoutes(app: FastifyInstance, { publicReads }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const publicBusinessesSchema = z.array(publicBusinessSchema);
  api.get(
    endpoints.liveShops.path,
    { schema: { response: { 200: publicBusinessesSchema } } },
    async (request, reply) =>
      sendJson(
        reply,
        await publicReads.liveShops(publicReads.languageOf(request.headers['accept-language'])),
      ),
  );

  api.get(
    endpoints.liveShop.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: publicBusinessSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      // A draft battle's shop is not found (the shop page reads the same answer).
      const shop = await publicReads.liveShopJson(
        request.params.id,
        publicReads.languageOf(request.headers['accept-language']),
      );
      if (!shop) throw notFound(SHOP_NOT_FOUND);
      return sendJson(reply, shop);
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
  // The shop's name and the battle's title in the page's language (docs/decisions/0050).
  const languageOf = (request: FastifyRequest) =>
    publicReads.languageOf(request.headers['accept-language']);
  const schema = {
    params: shopTokenParamsSchema,
    response: {
      200: shopPageSchema,
      400: errorBodySchema,
      404: errorBodySchema,
      429: errorBodySchema,
    },
  };
  // Per address and per link (docs/SECURITY.md): a link's holder cannot hammer the database or
  // flip the pause switch without end, and one address cannot try links without end.
  const limited = {
    config: { rateLimit: limitPerAddress('shopLinkPerAddress') },
    preHandler: limitPer<unknown>(app, 'shopLinkPerToken', (_body, request) =>
      shopLinkLimitKey((request.params as { token: string }).token),
    ),
  };

  api.get(endpoints.shopPage.path, { ...limited, schema }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    void reply.header('vary', 'Accept-Language');
    return shopPageOf(db, request.params.token, clock(), languageOf(request));
  });

  api.post(
    endpoints.pauseShop.path,
    { ...limited, schema: { ...schema, body: shopPauseSchema } },
    async (request, reply) => {
      const switched = await setShopPausedByToken(db, request.params.token, request.body.paused);
      // Members see the pause on the shop's public page at once, on every instance; a pause
      // that sets the value it has announces nothing, so the link cannot empty every cache.
      if (switched) await clearPublicReadsEverywhere({ publicReads, changes }, request.log);
      void reply.header('cache-control', 'no-store');
      return shopPageOf(db, request.params.token, clock(), languageOf(request));
    },
  );
}
