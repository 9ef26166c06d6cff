import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/errors.ts';
import { memberProgressSchema } from '#shared/progress.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireMember, signedInUserId } from '../auth/guards.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { listCoupons } from '../redemption/service.ts';
import { availableVotesOf, ownVoteCounts } from '../voting/service.ts';

/**
 * GET /api/user/progress: the member's coupons, available votes and own votes in one request,
 * so /profile's 2-second refresh costs one request instead of one per figure. The separate
 * endpoints of the spec stay for other clients.
 */
export async function progressRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/progress',
    {
      preHandler: requireMember,
      schema: { response: { 200: memberProgressSchema, 404: errorBodySchema } },
    },
    async (request) => {
      const { pass } = await requireHeldPass(db, signedInUserId(request), clock());
      const [coupons, availableVotes, ownVotes] = await Promise.all([
        listCoupons(db, pass.id),
        availableVotesOf(db, pass.id),
        ownVoteCounts(db, pass.id),
      ]);
      return { coupons, availableVotes, ownVotes };
    },
  );
}
