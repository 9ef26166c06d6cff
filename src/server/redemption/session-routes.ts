import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBusinessSchema } from '#shared/businesses.ts';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { couponSchema } from '#shared/redemption.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { signedInUserId } from '../auth/guards.ts';
import { answerLanguageOf } from '../public-reads/request-language.ts';
import { businessForCoupon, listCoupons } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

const couponParamsSchema = z.object({ couponId: idParamsSchema.shape.id });

/** The signed-in member's own coupons, inside app.ts's session scope. */
export async function redemptionSessionRoutes(
  app: FastifyInstance,
  { db, clock, publicReads }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    endpoints.userCoupons.path,
    {
      schema: { response: { 200: z.array(couponSchema), 404: errorBodySchema } },
    },
    async (request, reply) => {
      const { pass } = await requireHeldPass(db, signedInUserId(request), clock());
      return listCoupons(db, pass.id, answerLanguageOf(request, reply, publicReads));
    },
  );

  api.get(
    endpoints.couponShop.path,
    {
      schema: {
        params: couponParamsSchema,
        response: { 200: publicBusinessSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      businessForCoupon(db, {
        userId: signedInUserId(request),
        couponId: request.params.couponId,
        now: clock(),
        language: answerLanguageOf(request, reply, publicReads),
      }),
  );
}
