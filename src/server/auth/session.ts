import fastifyCookie, { type Signer } from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import type { Db } from '../db/client.ts';
import { sharedSecret } from '../db/shared-secret.ts';
import { sessions } from '../db/schema.ts';
import type { SessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyRequest {
    /** This instance's sessions and user rows in memory (./session-cache.ts). */
    sessionCache: SessionCache;
  }
}

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'lb.sid';

/** The session cookie's value in a Cookie header, signed and not yet checked; undefined without one. */
export function sessionCookieIn(header: string | undefined): string | undefined {
  return header ? fastifyCookie.parse(header)[SESSION_COOKIE] : undefined;
}

/**
 * The signed-in member of a Cookie header, from this instance's memory only (no database read):
 * the member id while the session cookie's signature holds, the browser holds the signed-in hint
 * (else the session's routes would set it) and the session is kept (./session-cache.ts); else
 * undefined, and the request goes the whole way through the session plugin.
 */
export function keptSignedInMember(
  header: string | undefined,
  signer: Signer,
  cache: SessionCache,
  now: Date,
): number | undefined {
  if (!header) return undefined;
  const cookies = fastifyCookie.parse(header);
  const cookie = cookies[SESSION_COOKIE];
  if (!cookie || cookies[SIGNED_IN_HINT_COOKIE] !== '1') return undefined;
  const unsigned = signer.unsign(cookie);
  return unsigned.valid && unsigned.value ? cache.signedInMember(unsigned.value, now) : undefined;
}

/**
 * The session id of a request's session cookie when its signature holds, else null. Redeem and
 * vote use this instead of loading the session first: the rule function looks the session up
 * (unexpired, signed in) in the same round trip as the rule itself (docs/decisions/0006).
 */
export function sessionIdOf(request: FastifyRequest, signer: Signer): string | null {
  const cookie = sessionCookieIn(request.headers.cookie);
  if (!cookie) return null;
  const unsigned = signer.unsign(cookie);
  return unsigned.valid ? unsigned.value : null;
}

type Callback = (error?: unknown, value?: unknown) => void;

/**
 * Sessions live in the database so they survive restarts and work across server instances; a
 * signed-in session read is served from this instance's memory while it is known to be current
 * (./session-cache.ts, docs/decisions/0031).
 */
export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly cache?: SessionCache,
  ) {}

  set(sid: string, session: unknown, callback: Callback): void {
    // Forgotten before and after the write: a read in between may have kept the old data.
    this.cache?.forgetSession(sid);
    const expires = (session as { cookie?: { expires?: Date | string | null } }).cookie?.expires;
    const expiresAt = expires ? new Date(expires) : new Date(this.now().getTime() + SESSION_TTL_MS);
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    this.db
      .insert(sessions)
      .values({ sid, data, expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { data, expiresAt } })
      .then(() => {
        this.cache?.forgetSession(sid);
        callback();
      }, callback);
  }

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    const kept = this.cache?.session(sid, this.now());
    if (kept) return callback(undefined, kept as unknown as Session);
    const read = this.cache?.startRead();
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expiresAt <= this.now()) return callback(undefined, null);
        const data = row.data as Record<string, unknown>;
        // Only signed-in sessions: the cache forgets by member (db/changes.ts USER_CHANNEL).
        if (this.cache && read !== undefined && typeof data.userId === 'number') {
          this.cache.keepSession(read, sid, {
            data,
            userId: data.userId,
            expiresAt: row.expiresAt,
          });
        }
        callback(undefined, data as unknown as Session);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.cache?.forgetSession(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => {
        this.cache?.forgetSession(sid);
        callback();
      }, callback);
  }
}

/**
 * Without SESSION_SECRET every instance on one database must still sign cookies alike and
 * keep doing so after a restart, so a generated secret is stored once in the database.
 */
export function sharedSessionSecret(db: Db): Promise<string> {
  return sharedSecret(db, 'session_secret');
}

export interface SessionOptions {
  db: Db;
  /** Signs and checks session cookies; the redeem and vote routes check them with it too. */
  signer: Signer;
  /** true: always Secure; 'auto': Secure when the request came over HTTPS. */
  secureCookie: boolean | 'auto';
  now: () => Date;
  cache: SessionCache;
}

/** What the session cookie and the signed-in hint share. */
const COOKIE_SCOPE = { sameSite: 'lax', path: '/' } as const;

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  const store = new DatabaseSessionStore(options.db, options.now, options.cache);
  const { cache } = options;
  app.decorateRequest('sessionCache', {
    getter: () => cache,
  });
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.signer,
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      ...COOKIE_SCOPE,
      httpOnly: true,
      secure: options.secureCookie,
      maxAge: SESSION_TTL_MS,
    },
  });
  app.addHook('onSend', async (request, reply) => {
    keepSignedInHint(request, reply, options.secureCookie);
  });
});

/**
 * Keeps the signed-in hint (src/shared/signed-in-hint.ts) true to the session on every answer of
 * the session's routes: set at sign-in with the session cookie's attributes and expiry (and for a
 * session that predates the hint), cleared at sign-out and when the session is missing or
 * expired. Public answers and pages have no session and never carry it: they stay cacheable.
 */
function keepSignedInHint(
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookie: SessionOptions['secureCookie'],
) {
  // Null once destroyed at sign-out; undefined (and no cookies read) when a request was refused
  // before the session was loaded (a cross-site write), which then says nothing about it.
  const session = request.session as Session | null | undefined;
  const cookies = request.cookies as FastifyRequest['cookies'] | null;
  if (session === undefined || !cookies) return;
  const signedIn = session?.userId !== undefined;
  const hinted = cookies[SIGNED_IN_HINT_COOKIE] === '1';
  if (signedIn === hinted) return;
  const secure = secureCookie === 'auto' ? request.protocol === 'https' : secureCookie;
  if (signedIn) {
    const expires = session.cookie.expires ?? undefined;
    void reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
      ...COOKIE_SCOPE,
      httpOnly: false,
      secure,
      expires,
    });
  } else {
    void reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...COOKIE_SCOPE, secure });
  }
}
