import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBusinessSchema } from '#shared/businesses.ts';
import { idParamsSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { couponSchema, redeemBodySchema, redeemResultSchema } from '#shared/redemption.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { requireMember, signedInUserId } from '../auth/guards.ts';
import { sessionIdOf } from '../auth/session.ts';
import { businessForCoupon, listCoupons, redeemCoupon } from './service.ts';

const couponParamsSchema = z.object({ couponId: idParamsSchema.shape.id });

/** POST /api/coupons/:id/redeem: the session is checked in the rule's one database call (docs/decisions/0006). */
export async function redeemRoutes(app: FastifyInstance, { db, clock, sessionSigner }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/coupons/:id/redeem',
    {
      schema: {
        params: idParamsSchema,
        body: redeemBodySchema,
        response: { 200: redeemResultSchema },
      },
    },
    async (request) =>
      redeemCoupon(db, {
        member: { sessionId: sessionIdOf(request, sessionSigner) },
        couponId: request.params.id,
        redemptionCode: request.body.redemptionCode,
        firstVisit: request.body.firstVisit,
        now: clock(),
      }),
  );
}

export async function redemptionRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/coupons',
    {
      preHandler: requireMember,
      schema: { response: { 200: z.array(couponSchema), 404: errorBodySchema } },
    },
    async (request) => {
      const { pass } = await requireHeldPass(db, signedInUserId(request), clock());
      return listCoupons(db, pass.id);
    },
  );

  api.get(
    '/api/businesses/coupon/:couponId',
    {
      preHandler: requireMember,
      schema: {
        params: couponParamsSchema,
        response: { 200: publicBusinessSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      businessForCoupon(db, {
        userId: signedInUserId(request),
        couponId: request.params.couponId,
        now: clock(),
      }),
  );
}
