import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/challenges.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { settlementSchema } from '#shared/shop-side.ts';
import type { AppDeps } from '../app-deps.ts';
import { guardAdminScope } from '../plugins/guards.ts';
import { settlementCsv, settlementOf, votesCsvStream } from './service.ts';

export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});

/** The organizer's statement to pay shops from, and the votes file anyone can recount (admins only). */
export async function settlementRoutes(app: FastifyInstance, { db }: AppDeps) {
  await app.register(async (admin) => {
    const api = admin.withTypeProvider<ZodTypeProvider>();
    guardAdminScope(admin, db);
    const params = { params: idParamsSchema };

    api.get(
      '/api/admin/challenges/:id/settlement',
      { schema: { ...params, response: { 200: settlementSchema, 404: errorBodySchema } } },
      async (request) => settlementOf(db, request.params.id),
    );

    api.get(
      '/api/admin/challenges/:id/settlement.csv',
      // Typed as text; Fastify sends a string body as it is, without the JSON serializer.
      { schema: { ...params, response: { 200: z.string(), 404: errorBodySchema } } },
      async (request, reply) => {
        const csv = settlementCsv(await settlementOf(db, request.params.id));
        return reply.headers(csvHeaders(`settlement-challenge-${request.params.id}.csv`)).send(csv);
      },
    );

    api.get(
      '/api/admin/challenges/:id/votes.csv',
      { schema: { ...params, response: { 200: z.custom<Readable>(), 404: errorBodySchema } } },
      async (request, reply) => {
        const stream = await votesCsvStream(db, request.params.id);
        return reply.headers(csvHeaders(`votes-challenge-${request.params.id}.csv`)).send(stream);
      },
    );
  });
}
