import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/endpoints.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { explorerInputSchema, explorerSettingSchema } from '#shared/explorers.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedInUserId } from '../auth/guards.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import { explorerSettingOf, setExplorerSetting } from './service.ts';

/** The member's own 'Show me on the explorer board' switch (/profile, docs/decisions/0047). */
export async function explorerSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const responses = { 200: explorerSettingSchema, 400: errorBodySchema, 401: errorBodySchema };
  api.get(endpoints.explorerSetting.path, { schema: { response: responses } }, async (request) =>
    explorerSettingOf(db, signedInUserId(request)),
  );
  api.put(
    endpoints.saveExplorerSetting.path,
    { schema: { body: explorerInputSchema, response: responses } },
    async (request) => {
      const setting = await setExplorerSetting(db, signedInUserId(request), request.body);
      // The boards are public answers: an opt-out must not linger in any instance's cache.
      await clearPublicReadsEverywhere(deps, request.log);
      return setting;
    },
  );
}
