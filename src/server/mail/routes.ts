import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/errors.ts';
import { mailboxQuerySchema, mailboxSchema } from '#shared/mail.ts';
import type { AppDeps } from '../app-deps.ts';
import { sandboxMail } from '../db/schema.ts';
import { endpoints } from '#shared/endpoints.ts';

const MAILBOX_LIMIT = 50;

/**
 * The sandbox mailbox exists only while test tools are on; otherwise the path is unknown (404).
 * It holds everyone's reset links, so only organizers read it (docs/RULES.md rule 5): 401 signed
 * out, 403 for anyone else, before the query is even looked at.
 */
export async function sandboxMailboxRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  if (!config.testToolsEnabled) return;
  app.withTypeProvider<ZodTypeProvider>().get(
    endpoints.sandboxMailbox.path,
    {
      schema: {
        querystring: mailboxQuerySchema,
        response: {
          200: mailboxSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const rows = await db
        .select()
        .from(sandboxMail)
        .where(sql`lower(${sandboxMail.toAddress}) = lower(${request.query.to})`)
        .orderBy(desc(sandboxMail.id))
        .limit(MAILBOX_LIMIT);
      void reply.header('cache-control', 'no-store');
      return rows.map((row) => ({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        links: row.links,
        headers: row.headers,
        sentAt: row.sentAt.toISOString(),
      }));
    },
  );
}
