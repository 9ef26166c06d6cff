import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { sitemapXml } from './sitemap.ts';

/** GET /sitemap.xml: absolute links on the site's URL (site-url.ts). */
export async function sitemapRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await sitemapXml(db, config.siteUrl.origin, config.languages);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });
}
