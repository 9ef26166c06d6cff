import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupSchema, backupStatusSchema } from '#shared/backups.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/guards.ts';
import { AppError } from '../errors.ts';

/** Whether the request carries this server's local backup token (docs/decisions/0038). */
function carriesLocalToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const notSetUp = () => new AppError(503, 'Backups are not set up on this server.');

/**
 * GET and POST /api/admin/backups: organizers only (docs/RULES.md rule 4). `npm run backup` on the
 * server's own machine may also POST with the token the server wrote beside its embedded
 * database, since only the server may open that database.
 */
export async function backupRoutes(app: FastifyInstance, { db, backups }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(db);

  api.get(
    '/api/admin/backups',
    { preHandler: admin, schema: { response: { 200: backupStatusSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!backups) throw notSetUp();
      return backups.status();
    },
  );

  api.post(
    '/api/admin/backups',
    {
      preHandler: async (request, reply) => {
        if (carriesLocalToken(request, backups?.settings.localToken)) return;
        await admin(request, reply);
      },
      schema: { response: { 201: backupSchema, 503: errorBodySchema } },
    },
    async (request, reply) => {
      if (!backups) throw notSetUp();
      let manifest;
      try {
        manifest = await backups.take();
      } catch (error) {
        request.log.error({ err: error }, 'backup failed');
        throw new AppError(503, `The backup failed: ${(error as Error).message}`);
      }
      void reply.header('cache-control', 'no-store');
      return reply.status(201).send({
        file: manifest.file,
        createdAt: manifest.createdAt,
        sizeBytes: manifest.sizeBytes,
        appVersion: manifest.appVersion,
        lastMigration: manifest.lastMigration,
        sha256: manifest.sha256,
      });
    },
  );
}
