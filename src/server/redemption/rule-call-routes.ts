import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/params.ts';
import { redeemBodySchema, redeemRefusalSchema, redeemResultSchema } from '#shared/redemption.ts';
import type { AppDeps } from '../app-deps.ts';
import { sessionIdOf } from '../auth/session.ts';
import { redeemCoupon } from './service.ts';
import { mailContextOf } from '../mail/templates.ts';
import { endpoints } from '#shared/endpoints.ts';

/** POST /api/coupons/:id/redeem: the session is checked in the rule's one database call (docs/decisions/0006). */
export async function redeemRuleCallRoutes(
  app: FastifyInstance,
  { db, clock, changes, sessionSigner, config }: AppDeps,
) {
  const mail = mailContextOf(config);
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
      redeemCoupon(db, changes, mail, {
        member: { sessionId: sessionIdOf(request, sessionSigner) },
        couponId: request.params.id,
        redemptionCode: request.body.redemptionCode,
        firstVisit: request.body.firstVisit,
        offline:
          request.body.enteredAt === undefined
            ? undefined
            : {
                enteredAt: new Date(request.body.enteredAt),
                nonce: request.body.nonce,
                graceMs: config.offlineRedeemGraceMinutes * 60_000,
              },
        now: clock(),
      }),
  );
}
