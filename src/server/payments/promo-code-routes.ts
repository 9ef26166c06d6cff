import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/endpoints.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { idParamsSchema } from '#shared/params.ts';
import { sandboxSessionParamsSchema, sandboxSessionSchema } from '#shared/payments.ts';
import {
  applyPromoSchema,
  promoCodeInputSchema,
  promoCodeListSchema,
  promoCodeSchema,
} from '#shared/promo-codes.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedInUserId } from '../auth/guards.ts';
import { applySandboxPromo, createPromoCode, listPromoCodes } from './promo-codes.ts';

const promoTotalSchema = sandboxSessionSchema.pick({
  amountCents: true,
  discountCents: true,
  promoCode: true,
});

/** Promo codes (docs/RULES.md rule 24, docs/decisions/0044): the rules live in promo-codes.ts. */
export async function promoCodeRoutes(app: FastifyInstance, { db, clock, payments }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };

  api.post(
    endpoints.createPromoCode.path,
    {
      schema: {
        params: idParamsSchema,
        body: promoCodeInputSchema,
        response: { 201: promoCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const promo = await createPromoCode(db, {
        ...request.body,
        challengeId: request.params.id,
        createdBy: signedInUserId(request),
        now: clock(),
      });
      return reply.status(201).send(promo);
    },
  );

  api.get(
    endpoints.adminPromoCodes.path,
    { schema: { params: idParamsSchema, response: { 200: promoCodeListSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listPromoCodes(db, request.params.id);
    },
  );

  // Stripe mode takes Stripe's own promotion codes on its Checkout page.
  if (payments.name === 'sandbox') {
    api.post(
      endpoints.applySandboxPromo.path,
      {
        schema: {
          params: sandboxSessionParamsSchema,
          body: applyPromoSchema,
          response: { 200: promoTotalSchema, 410: errorBodySchema, ...errors },
        },
      },
      async (request) =>
        applySandboxPromo(db, {
          userId: signedInUserId(request),
          sessionId: request.params.sessionId,
          code: request.body.code,
          now: clock(),
        }),
    );
  }
}
