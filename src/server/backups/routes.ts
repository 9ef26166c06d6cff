import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupSchema, backupStatusSchema } from '#shared/backups.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../errors.ts';
import { endpoints } from '#shared/endpoints.ts';

const notSetUp = () => new AppError(503, 'Backups are not set up on this server.');

/**
 * GET and POST /api/admin/backups: organizers only (docs/RULES.md rule 4). `npm run backup` on the
 * server's own machine may also POST with the token the server wrote beside its embedded
 * database, since only the server may open that database.
 */
export async function backupRoutes(app: FastifyInstance, { backups }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    endpoints.backups.path,
    { schema: { response: { 200: backupStatusSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!backups) throw notSetUp();
      return backups.status();
    },
  );

  api.post(
    endpoints.backUpNow.path,
    {
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
