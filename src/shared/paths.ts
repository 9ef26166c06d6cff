/** Every page of the web app, in one place for links, the router and the server's 404 decision. */
export const paths = {
  home: '/',
  battles: '/battles',
  coffeeBattle: '/battles/coffee',
  /** An ended battle's published results (docs/RULES.md rule 17). */
  results: (challengeId: number | string) => `/battles/${challengeId}/results`,
  auth: '/auth',
  /** Without a token: ask for a reset link; with ?token= from the email: choose a new password. */
  authReset: '/auth/reset',
  /** With ?token= from the email sent to a member's new address. */
  authVerifyEmail: '/auth/verify-email',
  business: (id: number | string) => `/business/${id}`,
  checkout: '/checkout',
  sandboxCheckout: (sessionId: string) => `/checkout/sandbox/${sessionId}`,
  profile: '/profile',
  sandboxMailbox: '/sandbox/mailbox',
  /** The sandbox mailbox opened on one address's mail. */
  sandboxMailboxOf: (email: string) => `/sandbox/mailbox?to=${encodeURIComponent(email)}`,
  admin: '/admin',
  adminChallenges: '/admin/challenges',
  adminBusinesses: '/admin/businesses',
  adminLeaderboard: '/admin/leaderboard',
  adminSettlement: '/admin/settlement',
  /** Prize draws: created before a battle ends, revealed after (docs/RULES.md rule 19). */
  adminDraws: '/admin/draws',
  adminMessages: '/admin/messages',
  cashierCard: (businessId: number | string) => `/admin/businesses/${businessId}/card`,
  /** A shop's private page; the token is its only key. */
  shopPage: (token: string) => `/shop/${token}`,
  /** The shop's own printable cashier card, opened with the same token. */
  shopCard: (token: string) => `/shop/${token}/card`,
} as const;

/** Route patterns the web app renders; any other non-API path is a 404 page with status 404. */
export const pageRoutePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/battles(\/coffee)?\/?$/,
  /^\/battles\/[1-9][0-9]{0,9}\/results\/?$/,
  /^\/auth\/?$/,
  /^\/auth\/reset\/?$/,
  /^\/auth\/verify-email\/?$/,
  /^\/business\/[1-9][0-9]{0,9}\/?$/,
  /^\/checkout\/?$/,
  /^\/checkout\/sandbox\/sbx_[A-Za-z0-9_-]{10,64}\/?$/,
  /^\/profile\/?$/,
  /^\/sandbox\/mailbox\/?$/,
  /^\/admin\/?$/,
  /^\/admin\/(challenges|businesses|leaderboard|settlement|draws|messages)\/?$/,
  /^\/admin\/businesses\/[1-9][0-9]{0,9}\/card\/?$/,
  /^\/shop\/[A-Za-z0-9_-]{20,100}(\/card)?\/?$/,
];

export function isPageRoute(pathname: string): boolean {
  return pageRoutePatterns.some((pattern) => pattern.test(pathname));
}
