import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#shared/errors.ts';
import { memberProgressSchema } from '#shared/progress.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedInUserId } from '../auth/guards.ts';
import { MEMBER_ANSWER_CACHE_CONTROL } from '../member-reads/member-answers.ts';
import { sendJson } from '../public-reads/public-cache.ts';
import { memberProgressOf } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * GET /api/user/progress: the member's coupons' states, available votes and own votes in one
 * request, so /profile's 2-second refresh costs one request instead of one per figure; unchanged,
 * a 304 from memory (docs/decisions/0032). The separate endpoints of the spec stay for other clients.
 */
export async function progressRoutes(
  app: FastifyInstance,
  { db, clock, memberAnswers, publicReads }: AppDeps,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    endpoints.userProgress.path,
    {
      schema: {
        response: { 200: memberProgressSchema, 304: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const userId = signedInUserId(request);
      // Its offline refusals speak the request's language: kept per language.
      const language = publicReads.languageOf(request.headers['accept-language']);
      const answer = await memberAnswers.answer(
        'progress',
        userId,
        async () => {
          const { passId, progress } = await memberProgressOf(db, userId, clock(), language);
          return { passId, body: memberProgressSchema.parse(progress) };
        },
        language,
      );
      return sendJson(reply, answer, MEMBER_ANSWER_CACHE_CONTROL);
    },
  );
}
