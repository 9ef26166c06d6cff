import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { siteOrigin } from '../plugins/site-origin.ts';
import { sitemapXml } from './sitemap.ts';

/** GET /sitemap.xml: absolute links from PUBLIC_URL, or the request's origin in development. */
export async function sitemapRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const xml = await sitemapXml(db, siteOrigin(config.publicUrl, request));
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });
}
