import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimLinkSchema,
  claimListSchema,
  claimParamsSchema,
  claimRefundSchema,
  claimSchema,
  redeemClaimSchema,
  sendClaimSchema,
} from '#shared/claims.ts';
import { endpoints } from '#shared/endpoints.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { passSchema } from '#shared/passes.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedInUserId } from '../auth/guards.ts';
import { mailContextOf } from '../mail/templates.ts';
import { limitPerAddress } from '../plugins/rate-limits.ts';
import {
  freshClaimLink,
  listClaims,
  redeemClaim,
  refundClaim,
  sendClaim,
  transferPass,
} from './claims.ts';
import { toPassDto } from './service.ts';

/** Passes for other people (docs/RULES.md rule 24, docs/decisions/0044): the rules live in claims.ts. */
export async function claimRoutes(app: FastifyInstance, { db, clock, config, payments }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };

  api.get(
    endpoints.userClaims.path,
    { schema: { response: { 200: claimListSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listClaims(db, signedInUserId(request));
    },
  );

  api.post(
    endpoints.claimLink.path,
    { schema: { params: claimParamsSchema, response: { 200: claimLinkSchema, ...errors } } },
    async (request) =>
      freshClaimLink(db, {
        ownerId: signedInUserId(request),
        claimId: request.params.id,
        baseUrl: config.siteUrl.origin,
      }),
  );

  api.post(
    endpoints.sendClaim.path,
    {
      schema: {
        params: claimParamsSchema,
        body: sendClaimSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sendClaim(db, {
        ownerId: signedInUserId(request),
        claimId: request.params.id,
        request: request.body,
        now: clock(),
        mail: mailContextOf(config),
      });
      return reply.status(204).send(null);
    },
  );

  api.post(
    endpoints.refundClaim.path,
    { schema: { params: claimParamsSchema, response: { 200: claimRefundSchema, ...errors } } },
    async (request) =>
      refundClaim(db, payments, { ownerId: signedInUserId(request), claimId: request.params.id }),
  );

  api.post(
    endpoints.redeemClaim.path,
    {
      config: { rateLimit: limitPerAddress('claimRedeemPerAddress') },
      schema: {
        body: redeemClaimSchema,
        response: { 201: passSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const pass = await redeemClaim(db, {
        userId: signedInUserId(request),
        token: request.body.token,
        now: clock(),
      });
      return reply.status(201).send(toPassDto(pass));
    },
  );

  api.post(
    endpoints.transferPass.path,
    { schema: { response: { 201: claimSchema, ...errors } } },
    async (request, reply) => {
      const claim = await transferPass(db, { userId: signedInUserId(request), now: clock() });
      return reply.status(201).send(claim);
    },
  );
}
