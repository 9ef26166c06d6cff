import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicReads } from '../public-reads/public-reads.ts';
import type { ServerClock } from './clock.ts';
import { endpoints } from '#shared/endpoints.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Lets browser tests move the server's clock (TEST_CLOCK=true only, never in production: env.ts
 * refuses it there): POST /api/testing/clock {offsetMs} sets how far the server's time runs ahead
 * of the real one, so date rules (rotating codes, a battle's start and end) and scheduled jobs
 * are checked without waiting. The public answers and pages kept are dropped: they were drawn at
 * the clock's old time.
 */
export function clockRoutes(clock: ServerClock, publicReads: PublicReads) {
  return async function routes(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().post(
      endpoints.moveClock.path,
      {
        schema: {
          body: z.object({
            offsetMs: z
              .number()
              .int()
              .min(-400 * DAY_MS)
              .max(400 * DAY_MS),
          }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => {
        clock.setOffset(request.body.offsetMs);
        publicReads.clear();
        return { now: clock.now().toISOString() };
      },
    );
  };
}
