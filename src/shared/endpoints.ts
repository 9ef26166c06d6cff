import { pageAddress, pageParams } from './pages.ts';

/**
 * Every API endpoint, described once (docs/decisions/0041-endpoint-registry.md), the way
 * #shared/pages.ts describes pages: the server registers each route at its entry's method and
 * path and guards it by its entry's access (app.ts refuses a route without an entry), the public
 * read cache answers the server render by the `publicRead` flag, the offline lists and the
 * /profile render read their flags, and the web app builds every address with `endpointPath`.
 * No zod here: the page downloads carry this list (the request and answer schemas stay in the
 * domain's shared file).
 */
export type EndpointAccess =
  /** Anyone; a route that reads the session (sign in, the sign-in check) still answers everyone. */
  | 'public'
  /** A signed-in account: 401 before the body is read otherwise. */
  | 'member'
  /** A signed-in organizer: 401 signed out, 403 without the role (docs/RULES.md rule 4). */
  | 'organizer'
  /** Redeem and vote: the session is checked inside their one database call (docs/decisions/0006). */
  | 'rule call'
  /** A shop's private page: the token in the path is the only key (docs/decisions/0013). */
  | 'shop token'
  /**
   * Apple Wallet's PassKit web service (docs/decisions/0043): the device's requests carry the
   * pass's authentication token, which the route checks; no session.
   */
  | 'pass token';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDescription {
  readonly method: EndpointMethod;
  /** Fastify style: `:name` stands for a path parameter (see `endpointParam`). */
  readonly path: string;
  readonly access: EndpointAccess;
  /**
   * The same answer for every visitor, kept by the public read cache (public-reads.ts) and
   * answered in-process to the server render; one without parameters is also sent by the
   * kept-answer lane (docs/decisions/0040).
   */
  readonly publicRead?: true;
  /**
   * Read offline (#shared/offline.ts): `kept` answers are kept by the service worker and the
   * page; the sign-in check is `page-only`, so a signed-out answer is never kept.
   */
  readonly offline?: 'kept' | 'page-only';
  /** The member's own read a page that reads the session is rendered with (/profile). */
  readonly profileRender?: true;
  /** Signed or token-keyed requests from mail clients and Stripe: no Origin check (CSRF). */
  readonly csrfExempt?: true;
  /**
   * An organizer's endpoint that `npm run backup` on the server's own machine may also call, with
   * the token the server wrote beside its embedded database (docs/decisions/0038).
   */
  readonly orLocalToken?: true;
  /** Registered only when the test tools or the test clock are on (never in production). */
  readonly testOnly?: true;
}

export const endpoints = {
  // Health and the API's own description.
  health: { method: 'GET', path: '/api/health', access: 'public' },
  healthLive: { method: 'GET', path: '/api/health/live', access: 'public' },
  healthReady: { method: 'GET', path: '/api/health/ready', access: 'public' },
  apiDescription: { method: 'GET', path: '/api/openapi.json', access: 'public' },
  siteConfig: {
    method: 'GET',
    path: '/api/config',
    access: 'public',
    publicRead: true,
    offline: 'kept',
  },

  // Accounts.
  session: {
    method: 'GET',
    path: '/api/session',
    access: 'public',
    offline: 'page-only',
    profileRender: true,
  },
  register: { method: 'POST', path: '/api/register', access: 'public' },
  login: { method: 'POST', path: '/api/login', access: 'public' },
  logout: { method: 'POST', path: '/api/logout', access: 'public' },
  user: { method: 'GET', path: '/api/user', access: 'member', offline: 'kept' },
  passwordResetRequest: { method: 'POST', path: '/api/password-reset/request', access: 'public' },
  passwordResetConfirm: { method: 'POST', path: '/api/password-reset/confirm', access: 'public' },
  emailChangeRequest: { method: 'POST', path: '/api/email-change/request', access: 'member' },
  emailChangePreview: { method: 'POST', path: '/api/email-change/preview', access: 'public' },
  emailChangeConfirm: { method: 'POST', path: '/api/email-change/confirm', access: 'public' },
  memberExport: { method: 'GET', path: '/api/user/export', access: 'member' },
  memberDelete: { method: 'POST', path: '/api/user/delete', access: 'member' },
  userLanguage: { method: 'PUT', path: '/api/user/language', access: 'member' },

  // Challenges and shops, as everyone reads them.
  activeChallenge: {
    method: 'GET',
    path: '/api/challenge/active',
    access: 'public',
    publicRead: true,
    offline: 'kept',
  },
  publishedChallenges: {
    method: 'GET',
    path: '/api/challenges',
    access: 'public',
    publicRead: true,
  },
  liveShops: {
    method: 'GET',
    path: '/api/businesses',
    access: 'public',
    publicRead: true,
    offline: 'kept',
  },
  liveShop: {
    method: 'GET',
    path: '/api/businesses/:id',
    access: 'public',
    publicRead: true,
    offline: 'kept',
  },
  voteCounts: {
    method: 'GET',
    path: '/api/votes',
    access: 'public',
    publicRead: true,
    offline: 'kept',
  },
  voteStream: { method: 'GET', path: '/api/votes/stream', access: 'public' },
  results: { method: 'GET', path: '/api/challenges/:id/results', access: 'public' },
  publishedVotesCsv: { method: 'GET', path: '/api/challenges/:id/votes.csv', access: 'public' },
  publicDraws: {
    method: 'GET',
    path: '/api/challenges/:id/draws',
    access: 'public',
    publicRead: true,
  },
  drawEntriesCsv: { method: 'GET', path: '/api/draws/:id/entries.csv', access: 'public' },
  publicMilestones: {
    method: 'GET',
    path: '/api/challenges/:id/milestones',
    access: 'public',
    publicRead: true,
  },
  /** The explorer board (docs/decisions/0047). */
  explorers: {
    method: 'GET',
    path: '/api/challenges/:id/explorers',
    access: 'public',
    publicRead: true,
  },
  saleAlert: { method: 'POST', path: '/api/challenges/:id/sale-alerts', access: 'public' },

  // The member's pass.
  userPass: {
    method: 'GET',
    path: '/api/user/pass',
    access: 'member',
    offline: 'kept',
    profileRender: true,
  },
  userProgress: {
    method: 'GET',
    path: '/api/user/progress',
    access: 'member',
    offline: 'kept',
    profileRender: true,
  },
  userCoupons: { method: 'GET', path: '/api/user/coupons', access: 'member' },
  // The pass in the phone's wallet (docs/decisions/0043).
  appleWalletPass: { method: 'GET', path: '/api/user/pass/wallet.pkpass', access: 'member' },
  googleWalletLink: { method: 'GET', path: '/api/user/pass/google-wallet', access: 'member' },
  availableVotes: { method: 'GET', path: '/api/user/available-votes', access: 'member' },
  ownVotes: { method: 'GET', path: '/api/user/own-votes', access: 'member' },
  votedShops: { method: 'GET', path: '/api/user/voted-businesses', access: 'member' },
  visitedShops: { method: 'GET', path: '/api/user/visited-businesses', access: 'member' },
  userDraws: {
    method: 'GET',
    path: '/api/user/draws',
    access: 'member',
    profileRender: true,
  },
  couponShop: {
    method: 'GET',
    path: '/api/businesses/coupon/:couponId',
    access: 'member',
    offline: 'kept',
  },
  mailPreferences: {
    method: 'GET',
    path: '/api/profile/mail-preferences',
    access: 'member',
    profileRender: true,
  },
  saveMailPreferences: { method: 'PUT', path: '/api/profile/mail-preferences', access: 'member' },
  /** The member's own explorer board setting (docs/decisions/0047). */
  explorerSetting: {
    method: 'GET',
    path: '/api/user/explorer',
    access: 'member',
    profileRender: true,
  },
  saveExplorerSetting: { method: 'PUT', path: '/api/user/explorer', access: 'member' },

  // Passes for other people (docs/RULES.md rule 24).
  userClaims: {
    method: 'GET',
    path: '/api/user/claims',
    access: 'member',
    profileRender: true,
  },
  claimLink: { method: 'POST', path: '/api/user/claims/:id/link', access: 'member' },
  sendClaim: { method: 'POST', path: '/api/user/claims/:id/send', access: 'member' },
  refundClaim: { method: 'POST', path: '/api/user/claims/:id/refund', access: 'member' },
  redeemClaim: { method: 'POST', path: '/api/claims/redeem', access: 'member' },
  transferPass: { method: 'POST', path: '/api/user/pass/transfer', access: 'member' },
  redeemVoucher: { method: 'POST', path: '/api/vouchers/redeem', access: 'member' },

  // Redeeming and voting.
  redeem: { method: 'POST', path: '/api/coupons/:id/redeem', access: 'rule call' },
  vote: { method: 'POST', path: '/api/vote', access: 'rule call' },
  resetVotes: { method: 'POST', path: '/api/reset-votes', access: 'member' },

  // Paying.
  createCheckoutSession: { method: 'POST', path: '/api/create-checkout-session', access: 'member' },
  verifyCheckout: { method: 'GET', path: '/api/verify-checkout', access: 'public' },
  sandboxCheckout: { method: 'GET', path: '/api/sandbox/checkout/:sessionId', access: 'member' },
  settleSandboxCheckout: {
    method: 'POST',
    path: '/api/sandbox/checkout/:sessionId',
    access: 'member',
  },
  applySandboxPromo: {
    method: 'POST',
    path: '/api/sandbox/checkout/:sessionId/promo',
    access: 'member',
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    access: 'public',
    csrfExempt: true,
  },

  // Mail.
  unsubscribeLink: { method: 'GET', path: '/api/email/unsubscribe', access: 'public' },
  unsubscribe: {
    method: 'POST',
    path: '/api/email/unsubscribe',
    access: 'public',
    csrfExempt: true,
  },
  resubscribe: {
    method: 'POST',
    path: '/api/email/resubscribe',
    access: 'public',
    csrfExempt: true,
  },
  sandboxMailbox: { method: 'GET', path: '/api/sandbox/mailbox', access: 'organizer' },

  // A shop's private page.
  // Apple's PassKit web service for wallet passes' updates (docs/decisions/0043).
  passKitRegister: {
    method: 'POST',
    path: '/api/passkit/v1/devices/:deviceId/registrations/:passTypeId/:serial',
    access: 'pass token',
  },
  passKitUnregister: {
    method: 'DELETE',
    path: '/api/passkit/v1/devices/:deviceId/registrations/:passTypeId/:serial',
    access: 'pass token',
  },
  passKitUpdatedSerials: {
    method: 'GET',
    path: '/api/passkit/v1/devices/:deviceId/registrations/:passTypeId',
    access: 'pass token',
  },
  passKitLatestPass: {
    method: 'GET',
    path: '/api/passkit/v1/passes/:passTypeId/:serial',
    access: 'pass token',
  },
  passKitLog: { method: 'POST', path: '/api/passkit/v1/log', access: 'pass token' },
  shopPage: { method: 'GET', path: '/api/shop/:token', access: 'shop token' },
  pauseShop: { method: 'POST', path: '/api/shop/:token/pause', access: 'shop token' },

  // The organizer's side.
  adminChallenges: { method: 'GET', path: '/api/admin/challenges', access: 'organizer' },
  createChallenge: { method: 'POST', path: '/api/admin/challenges', access: 'organizer' },
  updateChallenge: { method: 'PATCH', path: '/api/admin/challenges/:id', access: 'organizer' },
  challengeShops: {
    method: 'GET',
    path: '/api/admin/challenges/:id/businesses',
    access: 'organizer',
  },
  importShops: {
    method: 'POST',
    path: '/api/admin/challenges/:id/businesses/import',
    access: 'organizer',
  },
  createShop: { method: 'POST', path: '/api/admin/businesses', access: 'organizer' },
  updateShop: { method: 'PATCH', path: '/api/admin/businesses/:id', access: 'organizer' },
  deleteShop: { method: 'DELETE', path: '/api/admin/businesses/:id', access: 'organizer' },
  issueShopLink: {
    method: 'POST',
    path: '/api/admin/businesses/:id/shop-link',
    access: 'organizer',
  },
  revokeShopLink: {
    method: 'DELETE',
    path: '/api/admin/businesses/:id/shop-link',
    access: 'organizer',
  },
  challengePasses: {
    method: 'GET',
    path: '/api/passes/challenge/:challengeId',
    access: 'organizer',
  },
  dashboard: { method: 'GET', path: '/api/admin/dashboard', access: 'organizer' },
  leaderboard: { method: 'GET', path: '/api/admin/leaderboard', access: 'organizer' },
  settlement: {
    method: 'GET',
    path: '/api/admin/challenges/:id/settlement',
    access: 'organizer',
  },
  settlementCsv: {
    method: 'GET',
    path: '/api/admin/challenges/:id/settlement.csv',
    access: 'organizer',
  },
  organizerVotesCsv: {
    method: 'GET',
    path: '/api/admin/challenges/:id/votes.csv',
    access: 'organizer',
  },
  payouts: { method: 'GET', path: '/api/admin/challenges/:id/payouts', access: 'organizer' },
  recordPayout: {
    method: 'POST',
    path: '/api/admin/challenges/:id/payouts',
    access: 'organizer',
  },
  voidPayout: {
    method: 'POST',
    path: '/api/admin/challenges/:id/payouts/:payoutId/void',
    access: 'organizer',
  },
  adminVouchers: { method: 'GET', path: '/api/admin/challenges/:id/vouchers', access: 'organizer' },
  createVoucher: {
    method: 'POST',
    path: '/api/admin/challenges/:id/vouchers',
    access: 'organizer',
  },
  adminPromoCodes: {
    method: 'GET',
    path: '/api/admin/challenges/:id/promo-codes',
    access: 'organizer',
  },
  createPromoCode: {
    method: 'POST',
    path: '/api/admin/challenges/:id/promo-codes',
    access: 'organizer',
  },
  // Milestones and rewards (docs/decisions/0046).
  adminMilestones: {
    method: 'GET',
    path: '/api/admin/challenges/:id/milestones',
    access: 'organizer',
  },
  createMilestone: {
    method: 'POST',
    path: '/api/admin/challenges/:id/milestones',
    access: 'organizer',
  },
  updateMilestone: { method: 'PUT', path: '/api/admin/milestones/:id', access: 'organizer' },
  deleteMilestone: { method: 'DELETE', path: '/api/admin/milestones/:id', access: 'organizer' },
  rewardsCsv: {
    method: 'GET',
    path: '/api/admin/challenges/:id/rewards.csv',
    access: 'organizer',
  },
  adminRewards: { method: 'GET', path: '/api/admin/rewards', access: 'organizer' },
  collectReward: { method: 'POST', path: '/api/admin/rewards/collect', access: 'organizer' },
  adminDraws: { method: 'GET', path: '/api/admin/challenges/:id/draws', access: 'organizer' },
  createDraw: { method: 'POST', path: '/api/admin/challenges/:id/draws', access: 'organizer' },
  revealDraw: { method: 'POST', path: '/api/admin/draws/:id/reveal', access: 'organizer' },
  messages: { method: 'GET', path: '/api/admin/challenges/:id/messages', access: 'organizer' },
  sendMessage: {
    method: 'POST',
    path: '/api/admin/challenges/:id/messages',
    access: 'organizer',
  },
  testMessage: {
    method: 'POST',
    path: '/api/admin/challenges/:id/messages/test',
    access: 'organizer',
  },
  messageAudiences: {
    method: 'GET',
    path: '/api/admin/challenges/:id/messages/audiences',
    access: 'organizer',
  },
  backups: { method: 'GET', path: '/api/admin/backups', access: 'organizer' },
  backUpNow: {
    method: 'POST',
    path: '/api/admin/backups',
    access: 'organizer',
    orLocalToken: true,
  },

  // Test tools (never in production: env.ts refuses them there).
  createTestPass: {
    method: 'POST',
    path: '/api/testing/create-pass',
    access: 'member',
    testOnly: true,
  },
  moveClock: { method: 'POST', path: '/api/testing/clock', access: 'public', testOnly: true },
} as const satisfies Record<string, EndpointDescription>;

export type EndpointName = keyof typeof endpoints;
export type Endpoint = (typeof endpoints)[EndpointName];

/** The names of an endpoint's path parameters: '/api/a/:id/b/:payoutId' → 'id' | 'payoutId'. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsArgument<E extends EndpointDescription> = [PathParams<E['path']>] extends [never]
  ? []
  : [params: Record<PathParams<E['path']>, string | number>];

/**
 * An endpoint's address with its parameters filled in (each encoded as one path segment):
 * `endpointPath(endpoints.liveShop, { id: 3 })` → '/api/businesses/3'.
 */
export function endpointPath<E extends EndpointDescription>(
  endpoint: E,
  ...[params]: ParamsArgument<E>
): string {
  return pageAddress(endpoint.path, params ?? {});
}

/** The rule a path parameter follows where a page shows the same thing (#shared/pages.ts). */
function endpointParam(name: string): RegExp {
  if (name === 'token') return pageParams.token;
  if (name === 'sessionId') return pageParams.sessionId;
  return pageParams.id;
}

/** A regular expression's source for an endpoint's concrete paths (no anchors, no query). */
export function endpointPattern(endpoint: EndpointDescription): string {
  return endpoint.path
    .split(/(:[A-Za-z]+)/)
    .map((part) =>
      part.startsWith(':')
        ? `(${endpointParam(part.slice(1)).source})`
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
}

/**
 * A matcher for an endpoint's concrete paths (no query): the parameters' values, or undefined
 * for a path that is not this endpoint's.
 */
export function endpointMatcher(
  endpoint: EndpointDescription,
): (path: string) => Record<string, string> | undefined {
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const pattern = new RegExp(`^${endpointPattern(endpoint)}$`);
  return (path) => {
    const match = pattern.exec(path);
    return match
      ? Object.fromEntries(names.map((name, index) => [name, match[index + 1]!]))
      : undefined;
  };
}

/** The registry's entries with a flag, for the lists built from it. */
export const endpointsWhere = (flag: (endpoint: EndpointDescription) => boolean) =>
  (Object.values(endpoints) as EndpointDescription[]).filter(flag);
