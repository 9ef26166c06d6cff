import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import {
  payoutCreateSchema,
  payoutParamsSchema,
  payoutSchema,
  payoutVoidSchema,
  settlementSchema,
} from '#shared/settlement.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedInUserId } from '../auth/guards.ts';
import { listPayouts, recordPayout, voidPayout } from './payouts.ts';
import { settlementCsv, settlementOf } from './service.ts';
import { csvHeaders } from '../audit-trail/csv.ts';
import { votesCsvStream } from '../audit-trail/votes-file.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * The organizer's statement to pay shops from, the payouts made against it, and the votes file
 * anyone can recount (admins only).
 */
export async function settlementRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = { params: idParamsSchema };

  api.get(
    endpoints.settlement.path,
    { schema: { ...params, response: { 200: settlementSchema, 404: errorBodySchema } } },
    async (request) => settlementOf(db, request.params.id, clock()),
  );

  api.get(
    endpoints.settlementCsv.path,
    // Typed as text; Fastify sends a string body as it is, without the JSON serializer.
    { schema: { ...params, response: { 200: z.string(), 404: errorBodySchema } } },
    async (request, reply) => {
      const csv = settlementCsv(await settlementOf(db, request.params.id, clock()));
      return reply.headers(csvHeaders(`settlement-challenge-${request.params.id}.csv`)).send(csv);
    },
  );

  api.post(
    endpoints.recordPayout.path,
    {
      schema: {
        ...params,
        body: payoutCreateSchema,
        response: { 201: payoutSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const payout = await recordPayout(
        db,
        request.params.id,
        request.body,
        signedInUserId(request),
        clock(),
      );
      return reply.status(201).send(payout);
    },
  );

  api.post(
    endpoints.voidPayout.path,
    {
      schema: {
        params: payoutParamsSchema,
        body: payoutVoidSchema,
        response: { 200: payoutSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      voidPayout(
        db,
        request.params.id,
        request.params.payoutId,
        request.body,
        signedInUserId(request),
        clock(),
      ),
  );

  api.get(
    endpoints.payouts.path,
    { schema: { ...params, response: { 200: z.array(payoutSchema), 404: errorBodySchema } } },
    async (request) => listPayouts(db, request.params.id),
  );

  api.get(
    endpoints.organizerVotesCsv.path,
    { schema: { ...params, response: { 200: z.custom<Readable>(), 404: errorBodySchema } } },
    async (request, reply) => {
      const stream = await votesCsvStream(db, request.params.id);
      return reply.headers(csvHeaders(`votes-challenge-${request.params.id}.csv`)).send(stream);
    },
  );
}
