import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChangeConfirmSchema,
  emailChanged,
  emailChangeRequested,
  emailChangeRequestSchema,
  loginBodySchema,
  messageSchema,
  PASSWORD_RESET_REQUESTED,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerBodySchema,
  sessionSchema,
  userSchema,
} from '#shared/auth.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { tooManyAttempts, unauthorized } from '../errors.ts';
import { mailContextOf } from '../mail/messages.ts';
import { loadCurrentUser, requireMember, requireSignedInUser } from '../plugins/guards.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.ts';
import {
  confirmPasswordReset,
  requestPasswordReset,
  voidPasswordResets,
} from './password-reset.ts';
import { registerMember, toPublicUser, verifyCredentials } from './service.ts';

const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** Reset emails: per address, and per email address so nobody's inbox can be flooded. */
const RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_REQUESTS_PER_EMAIL = 3;
const RESET_WINDOW = '15 minutes';
/** Email change links: the same limits, per network address and per account (each asks for the password). */
const EMAIL_CHANGE_REQUESTS_PER_ADDRESS = 10;
const EMAIL_CHANGE_REQUESTS_PER_ACCOUNT = 3;
const EMAIL_CHANGE_WINDOW = '15 minutes';

export async function authRoutes(app: FastifyInstance, { db, config, clock }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user',
    { schema: { response: { 200: userSchema, 401: errorBodySchema } } },
    async (request) => {
      const user = await loadCurrentUser(db, request);
      if (!user) throw unauthorized('Not logged in');
      return toPublicUser(user);
    },
  );

  api.get('/api/session', { schema: { response: { 200: sessionSchema } } }, async (request) => {
    const user = await loadCurrentUser(db, request);
    return { user: user ? toPublicUser(user) : null };
  });

  api.post(
    '/api/register',
    {
      config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: registerBodySchema, response: { 201: userSchema } },
    },
    async (request, reply) => {
      const user = await registerMember(db, request.body, mailContextOf(config, request), clock());
      await signIn(request, user.id);
      return reply.status(201).send(toPublicUser(user));
    },
  );

  api.post(
    '/api/login',
    {
      config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: loginBodySchema, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await verifyCredentials(db, request.body.username, request.body.password);
      if (!user) throw unauthorized('Invalid username or password');
      await voidPasswordResets(db, user.id);
      await signIn(request, user.id);
      return toPublicUser(user);
    },
  );

  // A second limit on one route: the plugin runs one limiter per request, so this one is asked directly.
  const perEmailLimit = app.createRateLimit({
    max: RESET_REQUESTS_PER_EMAIL,
    timeWindow: RESET_WINDOW,
    keyGenerator: (request) => `reset:${(request.body as { email: string }).email.toLowerCase()}`,
  });
  api.post(
    '/api/password-reset/request',
    {
      config: { rateLimit: { max: RESET_REQUESTS_PER_ADDRESS, timeWindow: RESET_WINDOW } },
      // After validation, so the per-email key is a checked address.
      preHandler: async (request) => {
        const limit = await perEmailLimit(request);
        if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(limit.ttlInSeconds);
      },
      schema: { body: passwordResetRequestSchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      await requestPasswordReset(db, request.body.email, mailContextOf(config, request), clock());
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  api.post(
    '/api/password-reset/confirm',
    {
      config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: passwordResetConfirmSchema, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await confirmPasswordReset(
        db,
        request.body.token,
        request.body.password,
        clock(),
      );
      await signIn(request, user.id);
      return toPublicUser(user);
    },
  );

  const perAccountEmailChangeLimit = app.createRateLimit({
    max: EMAIL_CHANGE_REQUESTS_PER_ACCOUNT,
    timeWindow: EMAIL_CHANGE_WINDOW,
    keyGenerator: (request) => `email-change:${request.session.userId}`,
  });
  api.post(
    '/api/email-change/request',
    {
      config: {
        rateLimit: { max: EMAIL_CHANGE_REQUESTS_PER_ADDRESS, timeWindow: EMAIL_CHANGE_WINDOW },
      },
      preHandler: [
        requireMember,
        async (request) => {
          const limit = await perAccountEmailChangeLimit(request);
          if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(limit.ttlInSeconds);
        },
      ],
      schema: { body: emailChangeRequestSchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(db, request);
      await requestEmailChange(db, user, request.body, mailContextOf(config, request), clock());
      return reply.status(202).send({ message: emailChangeRequested(request.body.newEmail) });
    },
  );

  // No sign-in needed: the link may be opened on another device; its token is the proof.
  api.post(
    '/api/email-change/confirm',
    {
      config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: emailChangeConfirmSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const user = await confirmEmailChange(
        db,
        request.body.token,
        mailContextOf(config, request),
        clock(),
      );
      return { message: emailChanged(user.email) };
    },
  );

  api.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (request) => {
    await request.session.destroy();
    return { message: 'Logged out' };
  });
}

/** A fresh session id at sign-in defeats session fixation. */
async function signIn(request: FastifyRequest, userId: number) {
  await request.session.regenerate();
  request.session.userId = userId;
  await request.session.save();
}
