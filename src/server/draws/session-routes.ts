import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/params.ts';
import {
  adminDrawSchema,
  createdDrawSchema,
  drawInputSchema,
  memberDrawsSchema,
} from '#shared/draws.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { mailContextOf } from '../mail/templates.ts';
import { signedInUserId } from '../auth/guards.ts';
import { answerLanguageOf } from '../public-reads/request-language.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import { drawErrorResponses } from './public-routes.ts';
import { adminDrawsOf, createDraw, memberDrawsOf, revealDrawForAdmin } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * The organizer's draws: create before the end, see winners' accounts, reveal after the end. A
 * member's own entries and pass pseudonym, so they can find themselves in the published files.
 */
export async function drawSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const mail = mailContextOf(config);

  app.withTypeProvider<ZodTypeProvider>().get(
    endpoints.userDraws.path,
    {
      schema: { response: { 200: memberDrawsSchema, 404: errorBodySchema } },
    },
    async (request, reply) => {
      const { pass, challenge } = await requireHeldPass(db, signedInUserId(request), clock());
      return memberDrawsOf(db, pass, challenge, answerLanguageOf(request, reply, deps.publicReads));
    },
  );
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    endpoints.createDraw.path,
    {
      schema: {
        params: idParamsSchema,
        body: drawInputSchema,
        response: { 201: createdDrawSchema, ...drawErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await createDraw(
        db,
        {
          challengeId: request.params.id,
          draw: request.body,
          createdBy: signedInUserId(request),
          now: clock(),
        },
        config.languages,
      );
      await clearPublicReadsEverywhere(deps, request.log);
      return reply.status(201).send(created);
    },
  );

  api.get(
    endpoints.adminDraws.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: z.array(adminDrawSchema), ...drawErrorResponses },
      },
    },
    async (request) => adminDrawsOf(db, request.params.id),
  );

  api.post(
    endpoints.revealDraw.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: adminDrawSchema, ...drawErrorResponses },
      },
    },
    async (request) => {
      const draw = await revealDrawForAdmin(db, request.params.id, clock(), mail);
      await clearPublicReadsEverywhere(deps, request.log);
      return draw;
    },
  );
}
