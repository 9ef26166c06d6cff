import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/params.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { paths } from '#shared/paths.ts';
import {
  SALE_ALERT_CONFIRMATION,
  saleAlertAcceptedSchema,
  saleAlertInputSchema,
} from '#shared/messages.ts';
import {
  MAIL_TOKEN_PATTERN,
  ONE_CLICK_BODY,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
} from '#shared/unsubscribe.ts';
import type { AppDeps } from '../app-deps.ts';
import { badRequest } from '../errors.ts';
import { limitPerAddress } from '../plugins/rate-limits.ts';
import { requestSaleAlert, resubscribe, tokenKnown, unsubscribe } from './service.ts';
import { escapeHtml } from '../text.ts';
import { endpoints } from '#shared/endpoints.ts';
import { answerLanguage } from '#shared/languages.ts';

/** Tokens are 64 hex characters (schema.ts randomSecret); anything else is refused unread. */
const tokenQuerySchema = z.object({
  token: z.string({ error: 'The unsubscribe link is incomplete' }).regex(MAIL_TOKEN_PATTERN, {
    error: 'The unsubscribe link is not valid',
  }),
});

/** RFC 8058's body, url-encoded or as a multipart form's field. */
const ONE_CLICK = new RegExp(
  `(^|&|\\r?\\n|")${ONE_CLICK_FIELD}(=|"\\r?\\n\\r?\\n)${ONE_CLICK_VALUE}`,
);
const isOneClick = (body: string) => ONE_CLICK.test(body);

/**
 * A person's browser (a link opened, a form sent), as opposed to a mail provider's one-click
 * request: it gets the site's own email preferences page (#shared/pages.ts emailUnsubscribe).
 */
const fromBrowser = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' ||
  (request.headers.accept ?? '').includes('text/html');

/** To the email preferences page; 303, so a form's POST becomes the page's GET. */
const toPreferencesPage = (reply: FastifyReply, ...at: Parameters<typeof paths.emailUnsubscribe>) =>
  reply.header('cache-control', 'no-store').redirect(paths.emailUnsubscribe(...at), 303);

/**
 * A small page of its own, for a mail provider's one-click request (a person's browser is sent to
 * the site's email preferences page instead).
 */
function page(reply: FastifyReply, status: number, siteName: string, title: string, body: string) {
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      // The API's CSP forbids everything; this page needs only its own form posting back here.
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title></head><body style="font-family:sans-serif;line-height:1.5;max-width:36rem;margin:2rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(siteName)}</a></p></main></body></html>`,
      )
  );
}

/**
 * One-click unsubscribe and 'Tell me when passes go on sale': public, no session. The
 * unsubscribe POST comes from mail providers with neither cookie nor Origin (RFC 8058), so its
 * token, unguessable and specific to the member, is its only authority, and it can do nothing
 * but stop organizer mail (docs/RULES.md rule 20). The GET only shows a confirm button.
 */
export async function messagePublicRoutes(app: FastifyInstance, { db, clock, config }: AppDeps) {
  await app.register(async (oneClick) => unsubscribeRoutes(oneClick, db, clock, config.siteName));
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    endpoints.saleAlert.path,
    {
      config: { rateLimit: limitPerAddress('saleAlertPerAddress') },
      schema: {
        params: idParamsSchema,
        body: saleAlertInputSchema,
        response: { 202: saleAlertAcceptedSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await requestSaleAlert(
        db,
        request.params.id,
        request.body.email,
        clock(),
        // The page's language, which the web app sends (docs/decisions/0049).
        answerLanguage(request.headers['accept-language'], config.languages),
      );
      return reply.status(202).send({ message: SALE_ALERT_CONFIRMATION });
    },
  );
}

/** GET (confirm page) and POST (one click) of the unsubscribe address, in a scope of their own. */
async function unsubscribeRoutes(
  app: FastifyInstance,
  db: AppDeps['db'],
  clock: AppDeps['clock'],
  siteName: string,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // RFC 8058's body is a form; this scope alone reads forms (the rest of the API is JSON only).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  const linkNotRecognised = (reply: FastifyReply) =>
    page(
      reply,
      404,
      siteName,
      'Link not recognised',
      '<p>This unsubscribe link is not valid. Signed-in members can switch organizer emails off on their profile.</p>',
    );

  // The link in the email: the site's page asks before anything changes (GET changes nothing).
  api.get(
    endpoints.unsubscribeLink.path,
    { schema: { hide: true, querystring: tokenQuerySchema } },
    async (request, reply) => {
      const { token } = request.query;
      if (!(await tokenKnown(db, token))) return toPreferencesPage(reply, null, 'unknown');
      return toPreferencesPage(reply, token);
    },
  );

  api.post(
    endpoints.unsubscribe.path,
    { schema: { hide: true, querystring: tokenQuerySchema } },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      if (!isOneClick(body))
        throw badRequest(`Send the form body ${ONE_CLICK_BODY} to unsubscribe.`);
      const known = await unsubscribe(db, request.query.token, clock());
      if (fromBrowser(request)) {
        return toPreferencesPage(
          reply,
          known ? request.query.token : null,
          known ? 'unsubscribed' : 'unknown',
        );
      }
      if (!known) return linkNotRecognised(reply);
      return page(
        reply,
        200,
        siteName,
        'You are unsubscribed',
        '<p>You will get no more emails from the organizers. Receipts, password resets and other account emails keep coming. Members can switch organizer emails back on at any time on their profile.</p>',
      );
    },
  );

  // The preferences page's 'Resubscribe': like unsubscribing, the token is its only authority.
  api.post(
    endpoints.resubscribe.path,
    { schema: { hide: true, querystring: tokenQuerySchema } },
    async (request, reply) => {
      const known = await resubscribe(db, request.query.token, clock());
      if (fromBrowser(request)) {
        return toPreferencesPage(
          reply,
          known ? request.query.token : null,
          known ? 'resubscribed' : 'unknown',
        );
      }
      if (!known) return linkNotRecognised(reply);
      return page(
        reply,
        200,
        siteName,
        'You are subscribed again',
        "<p>The organizer's messages and reminders will reach you again.</p>",
      );
    },
  );
}
