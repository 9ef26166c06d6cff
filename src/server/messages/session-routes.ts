import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import {
  audienceCountsSchema,
  mailPreferencesSchema,
  messageHistorySchema,
  messageInputSchema,
  messageQueuedSchema,
  messageTestInputSchema,
  messageTestQueuedSchema,
} from '#shared/messages.ts';
import type { AppDeps } from '../app-deps.ts';
import { mailContextOf } from '../mail/templates.ts';
import { signedInUserId } from '../auth/guards.ts';
import { limitPer } from '../plugins/rate-limits.ts';
import {
  audienceCounts,
  mailPreferences,
  messageHistory,
  sendMessage,
  sendTestMessage,
  setMailPreferences,
} from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The member's own 'Emails from the organizer' switch (/profile). */
export async function mailPreferenceRoutes(app: FastifyInstance, { db }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const responses = {
    200: mailPreferencesSchema,
    400: errorBodySchema,
    401: errorBodySchema,
  };
  api.get(endpoints.mailPreferences.path, { schema: { response: responses } }, async (request) =>
    mailPreferences(db, signedInUserId(request)),
  );
  api.put(
    endpoints.saveMailPreferences.path,
    { schema: { body: mailPreferencesSchema, response: responses } },
    async (request) => setMailPreferences(db, signedInUserId(request), request.body),
  );
}

/** Organizer messages (docs/decisions/0025-organizer-mail.md): organizers only, 401/403 before the body is read. */
export async function messageAdminRoutes(app: FastifyInstance, { db, clock, config }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  api.post(
    endpoints.sendMessage.path,
    {
      schema: {
        params: idParamsSchema,
        body: messageInputSchema,
        response: { 202: messageQueuedSchema, 400: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const queued = await sendMessage(
        db,
        mailContextOf(config),
        {
          ...request.body,
          challengeId: request.params.id,
          sentBy: signedInUserId(request),
        },
        clock(),
      );
      return reply.status(202).send(queued);
    },
  );

  api.post(
    endpoints.testMessage.path,
    {
      preHandler: limitPer(app, 'testMessagePerAccount', (_body, request) =>
        String(signedInUserId(request)),
      ),
      schema: {
        params: idParamsSchema,
        body: messageTestInputSchema,
        response: {
          202: messageTestQueuedSchema,
          400: errorBodySchema,
          429: errorBodySchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const queued = await sendTestMessage(
        db,
        mailContextOf(config),
        {
          ...request.body,
          challengeId: request.params.id,
          organizerId: signedInUserId(request),
        },
        clock(),
      );
      return reply.status(202).send(queued);
    },
  );

  api.get(
    endpoints.messages.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: messageHistorySchema, 400: errorBodySchema, ...refusals },
      },
    },
    async (request) => messageHistory(db, request.params.id),
  );

  api.get(
    endpoints.messageAudiences.path,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: audienceCountsSchema, 400: errorBodySchema, ...refusals },
      },
    },
    async (request) => audienceCounts(db, request.params.id),
  );
}
