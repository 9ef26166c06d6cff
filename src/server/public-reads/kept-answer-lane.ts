import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Signer } from '@fastify/cookie';
import { endpoints } from '#shared/endpoints.ts';
import { keptSignedInMember } from '../auth/session.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import {
  MEMBER_ANSWER_CACHE_CONTROL,
  type MemberAnswerName,
  type MemberAnswers,
} from '../member-reads/member-answers.ts';
import {
  matches,
  PUBLIC_READ_CACHE_CONTROL,
  VARY_LANGUAGE,
  type CachedJson,
} from './public-cache.ts';

/** Counts a request by route pattern as Fastify's routes are counted (plugins/metrics.ts). */
export type ObserveRequest = (
  method: string,
  route: string,
  statusCode: number,
  seconds: number,
) => void;

/** A kept answer's two sets of headers, built once per answer rather than per request. */
interface LaneAnswer {
  body: string;
  etag: string;
  full: Record<string, string | number>;
  notModified: Record<string, string>;
}

/**
 * The busiest public reads answered by node:http itself once their answer is kept
 * (docs/decisions/0040): the same bytes and headers the route sends (public-cache.ts `sendJson`
 * and security.ts's API headers), without a Fastify request, reply and hook chain per visitor.
 * Anything else (another method, a query string, an answer not computed yet, a 404) goes on
 * to Fastify, which computes and keeps it. Requests it answers are counted in the metrics but
 * not logged one by one: app.ts builds no lane while the request log (LOG_LEVEL info) is on.
 */
export class KeptAnswerLane {
  private readonly prepared = new WeakMap<CachedJson, LaneAnswer>();
  private answeredCount = 0;

  constructor(
    /**
     * The exact paths served, each with its kept answer now in the request's language (undefined:
     * not kept, or not a 200).
     */
    private readonly keptAnswerOf: (
      path: string,
      acceptLanguage: string | undefined,
    ) => CachedJson | undefined,
    /** The API answers' safe headers (plugins/security.ts). */
    private readonly apiHeaders: Readonly<Record<string, string>>,
    private readonly observe?: ObserveRequest,
    /**
     * The validator of the member's kept answer to a polled read (`keptPollValidator`), and its
     * Vary, known from memory alone; undefined sends the request to Fastify.
     */
    private readonly keptPollValidatorOf?: (
      path: string,
      cookie: string | undefined,
      acceptLanguage: string | undefined,
    ) => Pick<CachedJson, 'etag' | 'vary'> | undefined,
  ) {
    this.memberNotModified = { ...apiHeaders, 'cache-control': MEMBER_ANSWER_CACHE_CONTROL };
  }

  /** The headers of a member's 304 but its validator (the route's, public-cache.ts sendJson). */
  private readonly memberNotModified: Readonly<Record<string, string>>;

  /** Answers the request and says true, or says false and leaves it untouched. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || request.url === undefined) return false;
    const kept = this.keptAnswerOf(request.url, request.headers['accept-language']);
    if (!kept) return this.serveUnchangedPoll(request, request.url, response);
    const startedAt = performance.now();
    const answer = this.prepare(kept);
    const notModified = matches(request.headers['if-none-match'], answer.etag);
    const statusCode = notModified ? 304 : 200;
    response.writeHead(statusCode, notModified ? answer.notModified : answer.full);
    response.end(notModified ? undefined : answer.body);
    this.answeredCount += 1;
    this.observe?.('GET', request.url, statusCode, (performance.now() - startedAt) / 1000);
    return true;
  }

  /**
   * A member's poll of a read /profile polls whose kept answer they already hold: 304 from memory
   * (docs/decisions/0032), as the route would answer it, when the session and the answer are both
   * kept on this instance. Anything else goes on to Fastify.
   */
  private serveUnchangedPoll(
    request: IncomingMessage,
    path: string,
    response: ServerResponse,
  ): boolean {
    const ifNoneMatch = request.headers['if-none-match'];
    if (!ifNoneMatch || !this.keptPollValidatorOf) return false;
    const startedAt = performance.now();
    const kept = this.keptPollValidatorOf(
      path,
      request.headers.cookie,
      request.headers['accept-language'],
    );
    if (kept === undefined || !matches(ifNoneMatch, kept.etag)) return false;
    response.writeHead(304, {
      ...this.memberNotModified,
      etag: kept.etag,
      ...(kept.vary ? { vary: kept.vary } : {}),
    });
    response.end();
    this.answeredCount += 1;
    this.observe?.('GET', path, 304, (performance.now() - startedAt) / 1000);
    return true;
  }

  /** Requests this lane answered (tests tell its answers from Fastify's by it). */
  answered(): number {
    return this.answeredCount;
  }

  private prepare(kept: CachedJson): LaneAnswer {
    let answer = this.prepared.get(kept);
    if (!answer) {
      const notModified = {
        ...this.apiHeaders,
        'cache-control': PUBLIC_READ_CACHE_CONTROL,
        etag: kept.etag,
        ...(kept.vary ? { vary: kept.vary } : {}),
      };
      answer = {
        body: kept.body,
        etag: kept.etag,
        notModified,
        full: {
          ...notModified,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(kept.body),
        },
      };
      this.prepared.set(kept, answer);
    }
    return answer;
  }
}

/** What Fastify hands its server factory: its options, its defaults applied (fastify.js). */
interface FastifyServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's own HTTP/1 server (as its lib/server.js makes it: the same options and timeouts)
 * with the lane in front of Fastify's handler.
 */
export const serverWithLane =
  (lane: KeptAnswerLane): FastifyServerFactory =>
  (handler, fastifyOptions) => {
    const settings = fastifyOptions as unknown as FastifyServerSettings;
    const server = http.createServer(settings.http ?? {}, (request, response) => {
      if (!lane.serve(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };

/**
 * The member reads /profile polls, by path: each one's kept answer, and whether it speaks the
 * request's language (kept per language, progress/routes.ts).
 */
const POLLED_READS: ReadonlyMap<string, { name: MemberAnswerName; inLanguage: boolean }> = new Map([
  [endpoints.userProgress.path, { name: 'progress', inLanguage: true }],
  [endpoints.userPass.path, { name: 'pass', inLanguage: false }],
]);

/**
 * The validator of a polled member read's kept answer for a request's path and Cookie header, from
 * memory alone (the session and the answer kept on this instance), else undefined: what the
 * kept-answer lane answers an unchanged poll with before Fastify sees it (docs/decisions/0040).
 */
export function keptPollValidator(deps: {
  signer: Signer;
  sessionCache: SessionCache;
  memberAnswers: MemberAnswers;
  clock: () => Date;
  /** The language a request's answer speaks (PublicReads.languageOf). */
  languageOf: (acceptLanguage: string | undefined) => string;
}): (
  path: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
) => Pick<CachedJson, 'etag' | 'vary'> | undefined {
  return (path, cookie, acceptLanguage) => {
    const read = POLLED_READS.get(path);
    if (!read) return undefined;
    const userId = keptSignedInMember(cookie, deps.signer, deps.sessionCache, deps.clock());
    if (userId === undefined) return undefined;
    if (!read.inLanguage) {
      const etag = deps.memberAnswers.keptEtag(read.name, userId);
      return etag === undefined ? undefined : { etag };
    }
    const etag = deps.memberAnswers.keptEtag(read.name, userId, deps.languageOf(acceptLanguage));
    return etag === undefined ? undefined : { etag, vary: VARY_LANGUAGE };
  };
}
