/** An instant a message writes with formatInstant (#shared/date-range.ts), in a time zone. */
export interface MessageInstant {
  at: Date | string;
  timeZone: string;
}

/** Where a success answer keeps the sentences it says (withWords), beside its JSON, never sent. */
export const SAID = Symbol('the sentences the answer says');

/**
 * A value the organizer wrote in each of the site's other languages, by language code (a shop's
 * name, a reward: docs/decisions/0050-content-languages.md); a language without one reads the
 * value as the message has it.
 */
export type WrittenPerLanguage = Partial<Record<string, string>>;

/** One sentence of a success answer: an API message, with the instants and texts it writes. */
export interface SaidSentence {
  message: string;
  instants: Record<string, MessageInstant>;
  /** Placeholders whose value the organizer wrote per language. */
  texts: Record<string, WrittenPerLanguage>;
}

/**
 * A sentence a success answer says, with the instants it writes (as AppError.writing does for a
 * refusal) and the organizer's texts it names, so an answer in another language translates it,
 * writes its dates in its locale and names the shop or reward as the organizer wrote it there.
 */
export const saying = (
  message: string,
  instants: Record<string, MessageInstant> = {},
  texts: Record<string, WrittenPerLanguage> = {},
): SaidSentence => ({ message, instants, texts });

/**
 * A success answer whose `message` is its sentences in English, one space apart; the error
 * plugin says each again in the request's language (docs/decisions/0049-api-and-mail-languages.md).
 */
export function withWords<T extends object>(
  answer: T,
  sentences: SaidSentence[],
): T & { message: string } {
  return Object.assign(
    { ...answer, message: sentences.map((sentence) => sentence.message).join(' ') },
    { [SAID]: sentences },
  );
}

/**
 * Errors the domain raises on purpose. Services stay free of Fastify; the error plugin maps these
 * to the JSON body every API error uses.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields the answer carries beside `message`, for a client that acts on them. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /**
   * The instants the message writes, by the placeholder its English has in the API's catalogs
   * (`{formatInstant}`): an answer in another language writes them again in its locale
   * (docs/decisions/0049-api-and-mail-languages.md).
   */
  instants: Record<string, MessageInstant> = {};

  /** The organizer's texts the message names (a shop's name), by placeholder, as `saying` has them. */
  texts: Record<string, WrittenPerLanguage> = {};

  writing(
    instants: Record<string, MessageInstant>,
    texts: Record<string, WrittenPerLanguage> = {},
  ): this {
    this.instants = instants;
    this.texts = texts;
    return this;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'You must be signed in.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** The same words as the rate-limit plugin's answer (app.ts), for limits a route checks itself. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, {
    'retry-after': String(retryAfterSeconds),
  });

/** PostgreSQL's code for a unique violation, found where drizzle puts the driver error. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } } | undefined)?.cause;
  const direct = error as { code?: string; constraint?: string } | undefined;
  const pgError = cause?.code ? cause : direct;
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}
