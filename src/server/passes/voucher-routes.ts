import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/endpoints.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { idParamsSchema } from '#shared/params.ts';
import { passSchema } from '#shared/passes.ts';
import {
  redeemVoucherSchema,
  voucherInputSchema,
  voucherListSchema,
  voucherSchema,
} from '#shared/vouchers.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedInUserId } from '../auth/guards.ts';
import { limitPerAddress } from '../plugins/rate-limits.ts';
import { toPassDto } from './service.ts';
import { createVoucher, listVouchers, redeemVoucher } from './vouchers.ts';

/** Free passes (docs/RULES.md rule 24, docs/decisions/0044): the rules live in vouchers.ts. */
export async function voucherRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };

  api.post(
    endpoints.createVoucher.path,
    {
      schema: {
        params: idParamsSchema,
        body: voucherInputSchema,
        response: { 201: voucherSchema, ...errors },
      },
    },
    async (request, reply) => {
      const voucher = await createVoucher(db, {
        ...request.body,
        challengeId: request.params.id,
        createdBy: signedInUserId(request),
        now: clock(),
      });
      return reply.status(201).send(voucher);
    },
  );

  api.get(
    endpoints.adminVouchers.path,
    { schema: { params: idParamsSchema, response: { 200: voucherListSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listVouchers(db, request.params.id);
    },
  );

  api.post(
    endpoints.redeemVoucher.path,
    {
      config: { rateLimit: limitPerAddress('voucherRedeemPerAddress') },
      schema: {
        body: redeemVoucherSchema,
        response: { 201: passSchema, 410: errorBodySchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const pass = await redeemVoucher(db, {
        userId: signedInUserId(request),
        code: request.body.code,
        now: clock(),
      });
      return reply.status(201).send(toPassDto(pass));
    },
  );
}
