import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/errors.ts';
import {
  checkoutSessionSchema,
  sandboxActionSchema,
  sandboxOutcomeSchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
  verifyCheckoutQuerySchema,
  verifyCheckoutSchema,
} from '#shared/payments.ts';
import type { AppDeps } from '../app-deps.ts';
import { AppError, badRequest } from '../errors.ts';
import { loadCurrentUser, requireSignedInUser, signedInUserId } from '../auth/guards.ts';
import { mailContextOf } from '../mail/templates.ts';
import { WebhookSignatureError } from './provider.ts';
import {
  findSandboxSession,
  handlePaymentEvent,
  settleSandboxSession,
  startCheckout,
  verifyCheckout,
} from './service.ts';
import { endpoints } from '#shared/endpoints.ts';
import { checkoutRequestSchema } from '#shared/claims.ts';
import { languagePath, offeredLanguageOr } from '#shared/languages.ts';

export async function paymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config, payments } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };

  // The body may choose a quantity and a gift (docs/RULES.md rule 24); anything else in it (a
  // price, a challenge id) is ignored: the challenge on sale sets both.
  api.post(
    endpoints.createCheckoutSession.path,
    {
      schema: { response: { 200: checkoutSessionSchema, ...errors } },
    },
    async (request) => {
      const order = checkoutRequestSchema.safeParse(request.body ?? {});
      if (!order.success) throw badRequest(order.error.issues[0]!.message);
      const { language, ...wanted } = order.data;
      // Back from the payment page in the buyer's language (an enabled one; else the default's).
      const inLanguage = languagePath(
        '/',
        offeredLanguageOr(config.languages, language),
        config.languages.defaultLanguage,
      ).replace(/\/$/, '');
      return startCheckout(db, payments, {
        user: await requireSignedInUser(db, request),
        now: clock(),
        baseUrl: `${config.siteUrl.origin}${inLanguage}`,
        ...wanted,
      });
    },
  );

  api.get(
    endpoints.verifyCheckout.path,
    {
      schema: {
        querystring: verifyCheckoutQuerySchema,
        response: { 200: verifyCheckoutSchema, ...errors },
      },
    },
    async (request) => {
      const user = await loadCurrentUser(db, request);
      return verifyCheckout(db, payments, {
        userId: user?.id ?? null,
        sessionId: request.query.session_id,
        now: clock(),
        mail: mailContextOf(config),
      });
    },
  );

  if (payments.name === 'sandbox') {
    api.get(
      endpoints.sandboxCheckout.path,
      {
        schema: {
          params: sandboxSessionParamsSchema,
          response: { 200: sandboxSessionSchema, ...errors },
        },
      },
      async (request) =>
        findSandboxSession(db, {
          userId: signedInUserId(request),
          sessionId: request.params.sessionId,
        }),
    );

    api.post(
      endpoints.settleSandboxCheckout.path,
      {
        schema: {
          params: sandboxSessionParamsSchema,
          body: sandboxActionSchema,
          response: { 200: sandboxOutcomeSchema, ...errors },
        },
      },
      async (request) =>
        settleSandboxSession(db, payments, {
          userId: signedInUserId(request),
          sessionId: request.params.sessionId,
          action: request.body,
          now: clock(),
          mail: mailContextOf(config),
        }),
    );
  }

  await app.register(stripeWebhookRoute, deps);
}

/**
 * POST /api/stripe/webhook in its own plugin, so only here JSON arrives as the raw bytes the
 * signature covers. CSRF-exempt (app.ts): the signature is its authentication.
 */
async function stripeWebhookRoute(app: FastifyInstance, { db, clock, config, payments }: AppDeps) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(endpoints.stripeWebhook.path, async (request) => {
    if (payments.name !== 'stripe')
      throw new AppError(404, 'Webhooks are not used in sandbox payment mode.');
    if (!Buffer.isBuffer(request.body)) throw badRequest('Webhook body must be JSON.');
    let event;
    try {
      event = payments.parseWebhook(
        request.body,
        request.headers['stripe-signature'] as string | undefined,
      );
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'webhook signature rejected');
        throw badRequest('Invalid webhook signature.');
      }
      throw error;
    }
    // Stripe's request carries the site's own Host, so links fall back to it without PUBLIC_URL.
    const outcome = await handlePaymentEvent(db, payments, event, clock(), mailContextOf(config));
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook event');
    return { received: true };
  });
}
