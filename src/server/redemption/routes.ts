import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBusinessSchema } from '#shared/businesses.ts';
import { idParamsSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { couponSchema, redeemBodySchema, redeemResultSchema } from '#shared/redemption.ts';
import type { AppDeps } from '../app.ts';
import { requireMember, signedInUser } from '../auth/guards.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { businessForCoupon, listCoupons, redeemCoupon } from './service.ts';

const couponParamsSchema = z.object({ couponId: idParamsSchema.shape.id });

export async function redemptionRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = requireMember(db);

  api.get(
    '/api/user/coupons',
    {
      preHandler: member,
      schema: { response: { 200: z.array(couponSchema), 404: errorBodySchema } },
    },
    async (request) => {
      const { pass } = await requireHeldPass(db, signedInUser(request).id, clock());
      return listCoupons(db, pass.id);
    },
  );

  api.post(
    '/api/coupons/:id/redeem',
    {
      preHandler: member,
      schema: {
        params: idParamsSchema,
        body: redeemBodySchema,
        response: { 200: redeemResultSchema },
      },
    },
    async (request) =>
      redeemCoupon(db, {
        userId: signedInUser(request).id,
        couponId: request.params.id,
        redemptionCode: request.body.redemptionCode,
        now: clock(),
      }),
  );

  api.get(
    '/api/businesses/coupon/:couponId',
    {
      preHandler: member,
      schema: {
        params: couponParamsSchema,
        response: { 200: publicBusinessSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      businessForCoupon(db, {
        userId: signedInUser(request).id,
        couponId: request.params.couponId,
        now: clock(),
      }),
  );
}
