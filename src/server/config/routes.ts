import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '#shared/config.ts';
import type { AppDeps } from '../app-deps.ts';

/**
 * GET /api/config: the settings the web app adapts to (site name, payment mode, test tools, where
 * email goes, public URL, map tiles).
 */
export async function configRoutes(app: FastifyInstance, { config, payments }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/config', { schema: { response: { 200: siteConfigSchema } } }, async () => ({
      siteName: config.siteName,
      paymentMode: payments.name,
      testToolsEnabled: config.testToolsEnabled,
      sandboxMailbox: config.mailToSandbox && config.testToolsEnabled,
      publicUrl: config.siteUrl.origin,
      map: config.map,
    }));
}
