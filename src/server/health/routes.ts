import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { checkReadiness } from './readiness.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * Liveness (/api/health/live: the process answers; restart it if not) and readiness
 * (/api/health/ready: the database answers and has every migration; send it traffic only then),
 * for a load balancer or an orchestrator (docs/DEPLOY.md). /api/health, which scripts and tests
 * poll, stays as it was: the process and its database answer.
 */
export async function healthRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get(endpoints.health.path, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });
  // A database outage must not make an orchestrator restart every instance: no query here.
  app.get(endpoints.healthLive.path, async () => ({ status: 'ok' }));
  app.get(endpoints.healthReady.path, async (request, reply) => {
    const readiness = await checkReadiness(db);
    if (readiness.ready) return { status: 'ready' };
    request.log.warn({ reason: readiness.reason }, 'readiness check failed');
    return reply.status(503).send({ status: 'unavailable', message: readiness.reason });
  });
}
