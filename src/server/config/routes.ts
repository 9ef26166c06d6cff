import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '#shared/config.ts';
import type { AppDeps } from '../app-deps.ts';
import { DEFAULT_MAIL_RETENTION_DAYS } from '../env.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * GET /api/config: the settings the web app adapts to (site name, payment mode, test tools, where
 * email goes, public URL, map tiles, wallet buttons, languages).
 */
export async function configRoutes(app: FastifyInstance, { publicReads }: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      endpoints.siteConfig.path,
      { schema: { response: { 200: siteConfigSchema } } },
      async (_request, reply) => sendJson(reply, await publicReads.siteConfig()),
    );
}

/** GET /api/config's answer, fixed for the process's life (the public reads keep it). */
export function siteConfigOf({ config, payments }: Pick<AppDeps, 'config' | 'payments'>) {
  return {
    siteName: config.siteName,
    paymentMode: payments.name,
    testToolsEnabled: config.testToolsEnabled,
    sandboxMailbox: config.mailToSandbox && config.testToolsEnabled,
    publicUrl: config.siteUrl.origin,
    map: config.map,
    languages: [...config.languages.languages],
    defaultLanguage: config.languages.defaultLanguage,
    privacy: {
      operatorName: config.privacy?.operatorName ?? config.siteName,
      operatorContact: config.privacy?.operatorContact ?? null,
      mailRelay: config.privacy?.mailRelay ?? null,
      mailRetentionDays: config.mailRetentionDays ?? DEFAULT_MAIL_RETENTION_DAYS,
    },
    wallet: { apple: config.wallet?.apple != null, google: config.wallet?.google != null },
  };
}
