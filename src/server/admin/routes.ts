import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardSchema, leaderboardPageSchema, leaderboardQuerySchema } from '#shared/admin.ts';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { passSchema } from '#shared/passes.ts';
import type { AppDeps } from '../app-deps.ts';
import { dashboard, leaderboardPage, passesOfChallenge } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/** Organizer reads: the dashboard, the leaderboard and a challenge's passes (admins only, rule 4). */
export async function adminRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(endpoints.dashboard.path, { schema: { response: { 200: dashboardSchema } } }, async () =>
    dashboard(db, clock()),
  );

  api.get(
    endpoints.leaderboard.path,
    {
      schema: {
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardPageSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      leaderboardPage(db, { challengeId: request.query.challengeId, now: clock() }),
  );

  api.get(
    endpoints.challengePasses.path,
    {
      schema: {
        params: z.object({ challengeId: idParamsSchema.shape.id }),
        response: { 200: z.array(passSchema), 404: errorBodySchema },
      },
    },
    async (request) => passesOfChallenge(db, request.params.challengeId),
  );
}
