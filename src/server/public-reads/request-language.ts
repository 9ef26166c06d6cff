import type { FastifyReply, FastifyRequest } from 'fastify';
import { VARY_LANGUAGE } from './public-cache.ts';
import type { PublicReads } from './public-reads.ts';

/**
 * The language a member's read of the organizer's texts answers in (shop names, prizes:
 * docs/decisions/0050-content-languages.md): the request's, as the public reads choose it, and
 * the answer says `Vary: Accept-Language` so no cache hands one language's answer to another.
 */
export function answerLanguageOf(
  request: FastifyRequest,
  reply: FastifyReply,
  publicReads: Pick<PublicReads, 'languageOf'>,
): string {
  void reply.header('vary', VARY_LANGUAGE);
  return publicReads.languageOf(request.headers['accept-language']);
}
