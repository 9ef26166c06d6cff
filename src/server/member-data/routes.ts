import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#shared/errors.ts';
import {
  deleteAccountBodySchema,
  EXPORT_FILE_NAME,
  memberExportSchema,
} from '#shared/member-data.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireSignedInUser, signedInUserId } from '../auth/guards.ts';
import { mailContextOf } from '../mail/templates.ts';
import { limitPer } from '../plugins/rate-limits.ts';
import { deleteAccount } from './deletion.ts';
import { exportMemberData } from './export.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The member's own data (docs/decisions/0039): download it, or delete the account. */
export async function memberDataRoutes(
  app: FastifyInstance,
  { db, config, clock, sessionCache }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    endpoints.memberExport.path,
    {
      schema: { response: { 200: memberExportSchema, 401: errorBodySchema } },
    },
    async (request, reply) => {
      const data = await exportMemberData(db, signedInUserId(request), clock());
      return reply
        .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  api.post(
    endpoints.memberDelete.path,
    {
      preHandler: [
        limitPer(app, 'accountDeletionPerAccount', (_body, request) =>
          String(request.session.userId),
        ),
      ],
      schema: {
        body: deleteAccountBodySchema,
        response: {
          204: z.null().describe('Deleted and signed out'),
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(db, request);
      await deleteAccount(db, user, request.body.password, mailContextOf(config), clock());
      // Every instance forgets the account when the sessions' notice arrives; this one at once
      // (docs/decisions/0031).
      sessionCache.forgetUser(user.id);
      await request.session.destroy();
      return reply.status(204).send(null);
    },
  );
}
