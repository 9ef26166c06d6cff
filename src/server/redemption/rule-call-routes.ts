import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/params.ts';
import { redeemBodySchema, redeemRefusalSchema, redeemResultSchema } from '#shared/redemption.ts';
import type { AppDeps } from '../app-deps.ts';
import { sessionIdOf } from '../auth/session.ts';
import { redeemCoupon } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/** POST /api/coupons/:id/redeem: the session is checked in the rule's one database call (docs/decisions/0006). */
export async function redeemRuleCallRoutes(
  app: FastifyInstance,
  { db, clock, changes, sessionSigner }: AppDeps,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    endpoints.redeem.path,
    {
      schema: {
        params: idParamsSchema,
        body: redeemBodySchema,
        response: { 200: redeemResultSchema, 400: redeemRefusalSchema },
      },
    },
    async (request) =>
      redeemCoupon(db, changes, {
        member: { sessionId: sessionIdOf(request, sessionSigner) },
        couponId: request.params.id,
        redemptionCode: request.body.redemptionCode,
        firstVisit: request.body.firstVisit,
        now: clock(),
      }),
  );
}
