import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/challenges.ts';
import { adminDrawSchema, createdDrawSchema, drawInputSchema } from '#shared/draws.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { publicDrawSchema } from '#shared/results.ts';
import type { AppDeps } from '../app-deps.ts';
import { mailContextOf } from '../mail/messages.ts';
import { guardAdminScope, signedInUserId } from '../auth/guards.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import { csvHeaders } from '../settlement/routes.ts';
import {
  adminDrawsOf,
  createDraw,
  entriesCsvOf,
  publicDrawsOf,
  revealDrawForAdmin,
} from './service.ts';

const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * docs/RULES.md rule 19: the draws anyone may check. Before the reveal they show the commitment
 * only; the entries file exists once the draw is revealed.
 */
export async function drawPublicRoutes(app: FastifyInstance, { db }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/challenges/:id/draws',
    { schema: { params: idParamsSchema, response: { 200: z.array(publicDrawSchema), ...errors } } },
    async (request) => publicDrawsOf(db, request.params.id),
  );

  api.get(
    '/api/draws/:id/entries.csv',
    // Typed as text: the stored bytes go out as they are, so their SHA-256 is entriesCsvSha256.
    { schema: { params: idParamsSchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const csv = await entriesCsvOf(db, request.params.id);
      return reply.headers(csvHeaders(`draw-${request.params.id}-entries.csv`)).send(csv);
    },
  );
}

/** The organizer's draws: create before the end, see winners' accounts, reveal after the end. */
export async function drawRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const mail = mailContextOf(config);
  await app.register(async (admin) => {
    const api = admin.withTypeProvider<ZodTypeProvider>();
    guardAdminScope(admin, db);

    api.post(
      '/api/admin/challenges/:id/draws',
      {
        schema: {
          params: idParamsSchema,
          body: drawInputSchema,
          response: { 201: createdDrawSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await createDraw(db, {
          challengeId: request.params.id,
          draw: request.body,
          createdBy: signedInUserId(request),
          now: clock(),
        });
        await clearPublicReadsEverywhere(deps, request.log);
        return reply.status(201).send(created);
      },
    );

    api.get(
      '/api/admin/challenges/:id/draws',
      {
        schema: { params: idParamsSchema, response: { 200: z.array(adminDrawSchema), ...errors } },
      },
      async (request) => adminDrawsOf(db, request.params.id),
    );

    api.post(
      '/api/admin/draws/:id/reveal',
      { schema: { params: idParamsSchema, response: { 200: adminDrawSchema, ...errors } } },
      async (request) => {
        const draw = await revealDrawForAdmin(db, request.params.id, clock(), mail);
        await clearPublicReadsEverywhere(deps, request.log);
        return draw;
      },
    );
  });
}
