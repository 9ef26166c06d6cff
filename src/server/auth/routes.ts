import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBodySchema, messageSchema, registerBodySchema, userSchema } from '#shared/auth.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { unauthorized } from '../errors.ts';
import { loadCurrentUser } from '../plugins/guards.ts';
import { registerMember, toPublicUser, verifyCredentials } from './service.ts';

const LOGIN_ATTEMPTS_PER_MINUTE = 10;

export async function authRoutes(app: FastifyInstance, { db }: AppDeps) {
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

  api.post(
    '/api/register',
    {
      config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: registerBodySchema, response: { 201: userSchema } },
    },
    async (request, reply) => {
      const user = await registerMember(db, request.body);
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
      await signIn(request, user.id);
      return toPublicUser(user);
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
