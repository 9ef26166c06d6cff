import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#shared/errors.ts';
import { endpoints } from '#shared/endpoints.ts';
import { googleWalletLinkSchema } from '#shared/wallet.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedInUserId } from '../auth/guards.ts';
import { findCurrentBattle } from '../challenges/current-battle.ts';
import { AppError, notFound, unauthorized } from '../errors.ts';
import { NO_PASS_MESSAGE } from '../passes/refusal.ts';
import { findPass } from '../passes/service.ts';
import { limitPerAddress } from '../plugins/rate-limits.ts';
import { buildApplePass, PASSKIT_WEB_SERVICE_PATH, PKPASS_CONTENT_TYPE } from './apple-pass.ts';
import { passContent, type PassContent } from './content.ts';
import { googleSaveUrl } from './google-wallet.ts';
import type { PassTextContext } from './pass-text.ts';
import {
  MAX_PASSES_PER_DEVICE,
  register,
  unregister,
  updatedSerials,
  updateTagSchema,
} from './registrations.ts';
import {
  authenticatePass,
  markSavedToGoogle,
  takeIntoWallet,
  WalletTokens,
} from './wallet-passes.ts';

export const APPLE_WALLET_OFF_MESSAGE = 'Apple Wallet passes are not offered on this site.';
export const GOOGLE_WALLET_OFF_MESSAGE = 'Google Wallet passes are not offered on this site.';
export const UNKNOWN_PASS_MESSAGE = 'No such pass.';
export const WRONG_PASS_TOKEN_MESSAGE = "The pass's authentication token is wrong.";
export const DEVICE_FULL_MESSAGE = `This device already follows ${MAX_PASSES_PER_DEVICE} passes: remove one first.`;

/** The texts' context of every wallet copy, from the site's settings. */
function textContext({ config }: Pick<AppDeps, 'config'>): PassTextContext & {
  webServiceUrl: string;
} {
  return {
    siteName: config.siteName,
    siteUrl: config.siteUrl.origin,
    contactEmail: config.contactEmail,
    languages: config.languages,
    webServiceUrl: config.siteUrl.href(PASSKIT_WEB_SERVICE_PATH),
  };
}

const sendPkpass = (reply: FastifyReply, body: Buffer, lastModified: Date) =>
  reply
    .type(PKPASS_CONTENT_TYPE)
    .header('content-disposition', 'attachment; filename="battle-pass.pkpass"')
    .header('last-modified', lastModified.toUTCString())
    .header('cache-control', 'no-store')
    .send(body);

/**
 * The member's pass for their wallet (docs/decisions/0043): the signed .pkpass, and the 'Save to
 * Google Wallet' link. Each answers 404 while its wallet's settings are incomplete.
 */
export async function walletMemberRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const apple = config.wallet?.apple ?? null;
  const google = config.wallet?.google ?? null;
  const tokens = apple || google ? await WalletTokens.open(db) : null;
  const context = textContext(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in member's pass in the current battle, as /profile shows it. */
  const heldPassContent = async (userId: number): Promise<PassContent> => {
    const now = clock();
    const challenge = await findCurrentBattle(db, now);
    const pass = challenge && (await findPass(db, userId, challenge.id));
    const content = pass && (await passContent(db, pass.id, now));
    if (!content) throw notFound(NO_PASS_MESSAGE);
    return content;
  };

  api.get(endpoints.appleWalletPass.path, async (request, reply) => {
    if (!apple || !tokens) throw notFound(APPLE_WALLET_OFF_MESSAGE);
    const content = await heldPassContent(signedInUserId(request));
    const walletPass = await takeIntoWallet(db, tokens, content);
    const body = await buildApplePass(content, walletPass, apple, context);
    return sendPkpass(reply, body, walletPass.updatedAt);
  });

  api.get(
    endpoints.googleWalletLink.path,
    { schema: { response: { 200: googleWalletLinkSchema, 404: errorBodySchema } } },
    async (request, reply) => {
      if (!google || !tokens) throw notFound(GOOGLE_WALLET_OFF_MESSAGE);
      const content = await heldPassContent(signedInUserId(request));
      const walletPass = await takeIntoWallet(db, tokens, content);
      // The member tapped the button: from now on Google's copy is kept current.
      await markSavedToGoogle(db, content.passId);
      const url = await googleSaveUrl(content, walletPass.serial, google, context);
      return reply.header('cache-control', 'no-store').send({ url });
    },
  );
}

const passTypeParams = z.object({ passTypeId: z.string().max(200) });
const serialParams = passTypeParams.extend({ serial: z.string().max(200) });
const deviceId = z.string().regex(/^[A-Za-z0-9-]{1,128}$/, 'not a device library identifier');
const registrationParams = serialParams.extend({ deviceId });

/**
 * Apple's PassKit web service (docs/decisions/0043), mounted at /api/passkit/v1: devices register
 * for a pass's updates, ask which passes changed since their last look, fetch the latest pass, and
 * send their logs. Requests naming a pass carry its authentication token: an unknown serial or a
 * Pass Type ID not ours is 404, a wrong token 401, a device following too many passes 429, and
 * none of them changes anything.
 */
export async function passKitRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const apple = deps.config.wallet?.apple ?? null;
  const context = textContext(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: limitPerAddress('passKitPerAddress') };

  const ours = (passTypeId: string) => {
    if (!apple) throw notFound(APPLE_WALLET_OFF_MESSAGE);
    if (passTypeId !== apple.passTypeId) throw notFound(UNKNOWN_PASS_MESSAGE);
    return apple;
  };
  const authenticated = async (serial: string, authorization: string | undefined) => {
    const found = await authenticatePass(db, serial, authorization);
    if (found.kind === 'unknown serial') throw notFound(UNKNOWN_PASS_MESSAGE);
    if (found.kind === 'wrong token') throw unauthorized(WRONG_PASS_TOKEN_MESSAGE);
    return found.pass;
  };

  api.post(
    endpoints.passKitRegister.path,
    {
      config: limited,
      schema: {
        params: registrationParams,
        body: z.object({ pushToken: z.string().regex(/^[0-9A-Fa-f]{1,256}$/) }),
      },
    },
    async (request, reply) => {
      const { deviceId, passTypeId, serial } = request.params;
      ours(passTypeId);
      const pass = await authenticated(serial, request.headers.authorization);
      const outcome = await register(db, {
        deviceId,
        passId: pass.passId,
        pushToken: request.body.pushToken,
      });
      if (outcome === 'device full') throw new AppError(429, DEVICE_FULL_MESSAGE);
      return reply.status(outcome === 'registered' ? 201 : 200).send();
    },
  );

  api.delete(
    endpoints.passKitUnregister.path,
    { config: limited, schema: { params: registrationParams } },
    async (request, reply) => {
      const { deviceId, passTypeId, serial } = request.params;
      ours(passTypeId);
      const pass = await authenticated(serial, request.headers.authorization);
      await unregister(db, deviceId, pass.passId);
      return reply.status(200).send();
    },
  );

  api.get(
    endpoints.passKitUpdatedSerials.path,
    {
      config: limited,
      schema: {
        params: passTypeParams.extend({ deviceId }),
        querystring: z.object({ passesUpdatedSince: updateTagSchema.optional() }),
      },
    },
    async (request, reply) => {
      ours(request.params.passTypeId);
      const updated = await updatedSerials(
        db,
        request.params.deviceId,
        request.query.passesUpdatedSince,
      );
      if (!updated) return reply.status(204).send();
      return reply.header('cache-control', 'no-store').send(updated);
    },
  );

  api.get(
    endpoints.passKitLatestPass.path,
    { config: limited, schema: { params: serialParams } },
    async (request, reply) => {
      const settings = ours(request.params.passTypeId);
      const pass = await authenticated(request.params.serial, request.headers.authorization);
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      // updatedAt moves in whole seconds (registrations.ts), as the header counts.
      if (pass.updatedAt.getTime() <= since) return reply.status(304).send();
      const content = await passContent(db, pass.passId, clock());
      if (!content) throw notFound(UNKNOWN_PASS_MESSAGE);
      const body = await buildApplePass(content, pass, settings, context);
      return sendPkpass(reply, body, pass.updatedAt);
    },
  );

  api.post(
    endpoints.passKitLog.path,
    {
      config: limited,
      schema: { body: z.object({ logs: z.array(z.string().max(2000)).max(100) }) },
    },
    async (request, reply) => {
      if (!apple) throw notFound(APPLE_WALLET_OFF_MESSAGE);
      // Devices report what went wrong with our passes: kept in the server's log for operators.
      for (const line of request.body.logs.slice(0, 20)) {
        request.log.warn({ passKitLog: line }, 'Apple Wallet device log');
      }
      return reply.status(200).send();
    },
  );
}
