import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChangeConfirmSchema,
  emailChangePreviewSchema,
  emailChangeRequested,
  emailChangeRequestSchema,
  type LoginBody,
  loginBodySchema,
  messageSchema,
  PASSWORD_RESET_REQUESTED,
  type PasswordResetRequest,
  userLanguageSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerBodySchema,
  sessionSchema,
  userSchema,
} from '#shared/auth.ts';
import { errorBodySchema } from '#shared/errors.ts';
import { answerLanguage } from '#shared/languages.ts';
import type { AppDeps } from '../app-deps.ts';
import { unauthorized } from '../errors.ts';
import { mailContextOf } from '../mail/templates.ts';
import { loadCurrentUser, requireSignedInUser } from './guards.ts';
import { addressOf, limitFailuresPer, limitPer, limitPerAddress } from '../plugins/rate-limits.ts';
import {
  confirmEmailChange,
  emailChanged,
  previewEmailChange,
  requestEmailChange,
} from './email-change.ts';
import {
  confirmPasswordReset,
  requestPasswordReset,
  voidPasswordResets,
} from './password-reset.ts';
import { registerMember, saveLanguage, toPublicUser, verifyCredentials } from './service.ts';
import { endpoints } from '#shared/endpoints.ts';

export async function authRoutes(
  app: FastifyInstance,
  { db, config, clock, sessionCache }: AppDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per username and address: guesses from elsewhere never refuse the owner's own sign-in.
  const usernameFailures = limitFailuresPer<LoginBody>(
    app,
    'signInFailuresPerUsernameAndAddress',
    (body, request) => `${body.username}|${addressOf(request)}`,
  );

  api.get(
    endpoints.user.path,
    { schema: { response: { 200: userSchema, 401: errorBodySchema } } },
    async (request) => {
      const user = await loadCurrentUser(db, request);
      if (!user) throw unauthorized();
      return toPublicUser(user);
    },
  );

  api.put(
    endpoints.userLanguage.path,
    {
      schema: {
        body: userLanguageSchema,
        response: { 200: userLanguageSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const user = await requireSignedInUser(db, request);
      return saveLanguage(db, user.id, request.body.language, config.languages);
    },
  );

  api.get(
    endpoints.session.path,
    { schema: { response: { 200: sessionSchema } } },
    async (request) => {
      const user = await loadCurrentUser(db, request);
      return { user: user ? toPublicUser(user) : null };
    },
  );

  api.post(
    endpoints.register.path,
    {
      config: { rateLimit: limitPerAddress('registrationPerAddress') },
      schema: { body: registerBodySchema, response: { 201: userSchema } },
    },
    async (request, reply) => {
      const user = await registerMember(
        db,
        request.body,
        mailContextOf(config),
        clock(),
        answerLanguage(request.headers['accept-language'], config.languages),
      );
      await signIn(request, user.id);
      return reply.status(201).send(toPublicUser(user));
    },
  );

  api.post(
    endpoints.login.path,
    {
      config: { rateLimit: limitPerAddress('signInPerAddress') },
      // After validation, so the key is a checked username.
      preHandler: usernameFailures.check,
      schema: { body: loginBodySchema, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await verifyCredentials(db, request.body.username, request.body.password);
      if (!user) {
        await usernameFailures.recordFailure(request);
        throw unauthorized('Invalid username or password');
      }
      await voidPasswordResets(db, user.id);
      await signIn(request, user.id);
      return toPublicUser(user);
    },
  );

  api.post(
    endpoints.passwordResetRequest.path,
    {
      config: { rateLimit: limitPerAddress('passwordResetPerAddress') },
      // After validation, so the key is a checked address.
      // Per email and address: requests from elsewhere never refuse the owner's own.
      preHandler: limitPer<PasswordResetRequest>(
        app,
        'passwordResetPerEmailAndAddress',
        (body, request) => `${body.email}|${addressOf(request)}`,
      ),
      schema: { body: passwordResetRequestSchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      await requestPasswordReset(
        db,
        request.body.email,
        mailContextOf(config),
        clock(),
        answerLanguage(request.headers['accept-language'], config.languages),
      );
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  api.post(
    endpoints.passwordResetConfirm.path,
    {
      config: { rateLimit: limitPerAddress('passwordResetConfirmPerAddress') },
      schema: { body: passwordResetConfirmSchema, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await confirmPasswordReset(
        db,
        request.body.token,
        request.body.password,
        clock(),
      );
      // Every instance forgets the member's sessions when the database's notice arrives; this
      // one at once, so the old sessions end here before the answer (docs/decisions/0031).
      sessionCache.forgetUser(user.id);
      await signIn(request, user.id);
      return toPublicUser(user);
    },
  );

  api.post(
    endpoints.emailChangeRequest.path,
    {
      config: { rateLimit: limitPerAddress('emailChangePerAddress') },
      preHandler: [
        limitPer(app, 'emailChangePerAccount', (_body, request) => String(request.session.userId)),
      ],
      schema: { body: emailChangeRequestSchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(db, request);
      await requestEmailChange(db, user, request.body, mailContextOf(config), clock());
      return reply.status(202).send({ message: emailChangeRequested(request.body.newEmail) });
    },
  );

  // No sign-in needed: the link may be opened on another device; its token is the proof.
  api.post(
    endpoints.emailChangeConfirm.path,
    {
      config: { rateLimit: limitPerAddress('emailChangeConfirmPerAddress') },
      schema: { body: emailChangeConfirmSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const user = await confirmEmailChange(db, request.body.token, mailContextOf(config), clock());
      // The member's next read on this instance shows the new address (docs/decisions/0031).
      sessionCache.forgetUser(user.id);
      return { message: emailChanged(user.email) };
    },
  );

  // The confirm page names the new address before the click. POST, so the token stays out of
  // request logs; the same limit as confirming, which it shares the token's proof with.
  api.post(
    endpoints.emailChangePreview.path,
    {
      config: { rateLimit: limitPerAddress('emailChangeConfirmPerAddress') },
      schema: {
        body: emailChangeConfirmSchema,
        response: { 200: emailChangePreviewSchema, 404: errorBodySchema },
      },
    },
    async (request) => previewEmailChange(db, request.body.token, clock()),
  );

  api.post(
    endpoints.logout.path,
    { schema: { response: { 200: messageSchema } } },
    async (request) => {
      await request.session.destroy();
      return { message: 'Logged out' };
    },
  );
}

/** A fresh session id at sign-in defeats session fixation. */
async function signIn(request: FastifyRequest, userId: number) {
  await request.session.regenerate();
  request.session.userId = userId;
  await request.session.save();
}
