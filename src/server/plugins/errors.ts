import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isPoolAcquireTimeout } from '../db/client.ts';
import { answerLanguage, type SiteLanguages, SOURCE_LANGUAGE } from '#shared/languages.ts';
import { AppError, SAID, saying, type SaidSentence } from '../errors.ts';
import { apiMessageIn, sentenceIn } from '../api-messages.ts';

/**
 * One place that turns every failure into `{message}` JSON and hides the details of 5xx, and
 * says every answer's `message` (and each `errors[].message`) in the request's language: the
 * enabled one its Accept-Language prefers (docs/decisions/0049-api-and-mail-languages.md).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance, options: { languages: SiteLanguages }) => {
    app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
      if (!isAnswerWithMessage(payload)) return payload;
      const language = answerLanguage(request.headers['accept-language'], options.languages);
      if (language === SOURCE_LANGUAGE) return payload;
      const said = payload[SAID] as SaidSentence[] | undefined;
      const message = said
        ? said.map((sentence) => sentenceIn(sentence, language)).join(' ')
        : apiMessageIn(payload.message, language);
      const translated = { ...payload, message };
      if (Array.isArray(payload.errors)) {
        translated.errors = payload.errors.map((issue: unknown) =>
          isAnswerWithMessage(issue)
            ? { ...issue, message: apiMessageIn(issue.message, language) }
            : issue,
        );
      }
      return translated;
    });
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return (
          reply
            .status(error.statusCode)
            .headers(error.headers)
            // A refusal is one sentence, with the instants and texts it writes (AppError.writing).
            .send({
              ...error.details,
              message: error.message,
              [SAID]: [saying(error.message, error.instants, error.texts)],
            })
        );
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? 'Invalid value',
        }));
        return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
      }
      // Every pooled connection stayed busy for the acquire timeout (DB_ACQUIRE_TIMEOUT_MS): a
      // crowd, not a fault of this request, so the client is told to come back shortly.
      if (isPoolAcquireTimeout(error)) {
        request.log.warn(
          { route: request.routeOptions.url },
          'no database connection free in time',
        );
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ message: 'The site is busy right now. Please try again in a few seconds.' });
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: clientErrorMessage(error, status) });
      }
      request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side. Please try again.' });
    });
  },
);

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Request body must be JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body must not be empty when Content-Type is application/json.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body is not valid JSON.';
    default:
      return (
        error.message ||
        (status === 429 ? 'Too many requests. Please try again later.' : 'Bad request')
      );
  }
}

function isAnswerWithMessage(payload: unknown): payload is {
  message: string;
  errors?: unknown;
  [SAID]?: unknown;
} & Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}
