import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '#shared/config.ts';
import type { AppDeps } from '../app.ts';

/** GET /api/config: the deployment facts the web app shows or hides things by (rule 5). */
export async function configRoutes(app: FastifyInstance, { config }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
      siteName: config.siteName,
      paymentMode: config.paymentMode,
      testToolsEnabled: config.testToolsEnabled,
    }));
}
