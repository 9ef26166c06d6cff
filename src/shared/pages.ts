/**
 * Every page of the site, described once (docs/decisions/0026-page-registry.md): the router's
 * routes, the server's 404 decision and server render, the titles and descriptions the browser
 * and the server write, and the sitemap all read this list.
 */

/** What a page's parameters may be; the server answers 404 for anything else. */
export const pageParams = {
  /** A challenge's or a shop's id: a positive 32-bit-sized integer without a leading zero. */
  id: /[1-9][0-9]{0,9}/,
  /** A shop's private token. */
  token: /[A-Za-z0-9_-]{20,100}/,
  /** A sandbox payment session (docs/RULES.md rule 6). */
  sessionId: /sbx_[A-Za-z0-9_-]{10,64}/,
} as const;

export type PageParam = keyof typeof pageParams;

export interface PageDescription {
  /** The address, React Router style: `:name` stands for one of pageParams. */
  readonly path: string;
  /**
   * `document`: public, the same for every visitor, rendered on the server;
   * `app`: drawn in the browser, often with the visitor's account (some also on the server:
   * `serverModule`).
   */
  readonly kind: 'document' | 'app';
  /**
   * The web app module (under src/client) that draws the page when the server renders it: the
   * server links its styles and preloads its code. Absent: the browser draws it.
   */
  readonly serverModule?: string;
  /**
   * The page's part of the title, shown as '{title} - {site name}'. Absent: the site's default
   * title. A page about one thing (a shop, the running battle) names it once it has loaded.
   */
  readonly title?: string;
  /** The whole title, where the spec gives one for the page. */
  readonly exactTitle?: string;
  readonly description?: string;
  /** Listed in sitemap.xml (a shop's page is listed once per live shop). */
  readonly inSitemap?: boolean;
  /**
   * The server's render draws the query string (the payment's outcome on /checkout), so only its
   * bare address is kept as one page for everyone.
   */
  readonly readsQuery?: boolean;
  /**
   * The server's render draws the visitor's own account (their session's answers: the member's
   * pass and coupons on /profile; docs/decisions/0026): rendered for each visit, for that member
   * only, never kept nor stored by a shared cache. Without a session the browser draws it, as an
   * `app` page.
   */
  readonly readsSession?: boolean;
  /**
   * For a visitor who has no session, the server draws the page signed out (the sign-in form,
   * the pass on sale) as one page kept for all of them, so it shows whole from the first
   * response and hydrates without a second drawing (docs/decisions/0027). A visitor with a
   * session gets it drawn for everyone, the account left for the browser to ask.
   */
  readonly drawnSignedOut?: boolean;
  /**
   * The service worker never keeps a copy, for reasons of its own (an emailed token in the
   * address); offline it gets the app's shell. Pages drawn signed out are never kept either.
   */
  readonly neverKept?: boolean;
}

const ADMIN = 'Admin Dashboard';

export const pages = {
  home: {
    path: '/',
    kind: 'document',
    serverModule: 'app/routes/home.tsx',
    inSitemap: true,
  },
  battles: {
    path: '/battles',
    kind: 'document',
    serverModule: 'app/routes/battles.tsx',
    title: 'All Battles',
    description:
      'City-wide competitions for the best local coffee, tacos and ice cream. Join the coffee battle now.',
    inSitemap: true,
  },
  /** The running challenge's home, under the coffee battle's name. */
  coffeeBattle: {
    path: '/battles/coffee',
    kind: 'document',
    serverModule: 'app/routes/home.tsx',
    inSitemap: true,
  },
  /** An ended battle's published results (docs/RULES.md rule 17). */
  results: { path: '/battles/:id/results', kind: 'app', title: 'Results' },
  auth: {
    path: '/auth',
    kind: 'app',
    serverModule: 'app/routes/auth.tsx',
    drawnSignedOut: true,
    title: 'Sign In',
    description:
      'Sign in or create an account to buy your battle pass and vote for your favorite local shop.',
  },
  /** Without a token: ask for a reset link; with ?token= from the email: choose a new password. */
  authReset: { path: '/auth/reset', kind: 'app', title: 'Reset Password' },
  /** With ?token= from the email sent to a member's new address. */
  authVerifyEmail: { path: '/auth/verify-email', kind: 'app', title: 'Confirm Your New Email' },
  business: {
    path: '/business/:id',
    kind: 'document',
    serverModule: 'app/routes/business.tsx',
    title: 'Shop',
    inSitemap: true,
  },
  checkout: {
    path: '/checkout',
    kind: 'app',
    serverModule: 'app/routes/checkout.tsx',
    title: 'Buy Your Battle Pass',
    readsQuery: true,
    drawnSignedOut: true,
  },
  sandboxCheckout: {
    path: '/checkout/sandbox/:sessionId',
    kind: 'app',
    title: 'Sandbox Payment',
  },
  profile: {
    path: '/profile',
    kind: 'app',
    serverModule: 'app/routes/profile.tsx',
    title: 'My Profile',
    readsSession: true,
  },
  /**
   * A pass someone bought or gave away for the visitor (docs/RULES.md rule 24): its address
   * carries the claim's single-use token, so it is drawn in the browser and never kept.
   */
  claimPass: { path: '/claim/:token', kind: 'app', title: 'Take Your Battle Pass' },
  /** What the site collects, why, for how long, who processes it (docs/decisions/0039). */
  privacy: {
    path: '/privacy',
    kind: 'app',
    title: 'Privacy',
    description:
      'What we collect about you, why, how long we keep it, who processes it, and how to delete it.',
  },
  sandboxMailbox: { path: '/sandbox/mailbox', kind: 'app', title: 'Sandbox Mailbox' },
  /**
   * An unsubscribe link's page (docs/RULES.md rule 20), opened from an email with its token:
   * unsubscribe, resubscribe. Drawn on the server for each visit (its forms work without script)
   * and never kept: the address carries the member's token.
   */
  emailUnsubscribe: {
    path: '/email/unsubscribe',
    kind: 'app',
    serverModule: 'app/routes/email-unsubscribe.tsx',
    title: 'Email Preferences',
    readsQuery: true,
    neverKept: true,
  },
  admin: { path: '/admin', kind: 'app', title: ADMIN },
  adminChallenges: {
    path: '/admin/challenges',
    kind: 'app',
    exactTitle: `Manage Challenges - ${ADMIN}`,
  },
  adminBusinesses: {
    path: '/admin/businesses',
    kind: 'app',
    exactTitle: `Manage Businesses - ${ADMIN}`,
  },
  adminLeaderboard: {
    path: '/admin/leaderboard',
    kind: 'app',
    exactTitle: `Leaderboard - ${ADMIN}`,
  },
  adminSettlement: { path: '/admin/settlement', kind: 'app', title: `Settlement - ${ADMIN}` },
  /** Prize draws: created before a battle ends, revealed after (docs/RULES.md rule 19). */
  adminDraws: { path: '/admin/draws', kind: 'app', title: `Prize draws - ${ADMIN}` },
  adminMessages: { path: '/admin/messages', kind: 'app', title: `Messages - ${ADMIN}` },
  /** Milestone rewards handed out at the counter (docs/decisions/0046). */
  adminRewards: { path: '/admin/rewards', kind: 'app', title: `Collect a reward - ${ADMIN}` },
  cashierCard: {
    path: '/admin/businesses/:id/card',
    kind: 'app',
    title: `Cashier Card - ${ADMIN}`,
  },
  /** A shop's private page; the token is its only key. */
  shopPage: { path: '/shop/:token', kind: 'app', title: 'Shop Page' },
  /** The shop's own printable cashier card, opened with the same token. */
  shopCard: { path: '/shop/:token/card', kind: 'app', title: 'Cashier Card' },
} as const satisfies Record<string, PageDescription>;

export type PageName = keyof typeof pages;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's address as a pattern: its parameters by their rule, an optional trailing slash. */
function addressPattern(path: string): RegExp {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? `(?<${part.slice(1)}>${pageParams[part.slice(1) as PageParam].source})`
        : escapeRegExp(part),
    );
  return new RegExp(`^/${parts.join('/')}${parts.length > 0 ? '/?' : ''}$`);
}

const addressPatterns = Object.entries(pages).map(([name, page]) => ({
  name: name as PageName,
  pattern: addressPattern(page.path),
}));

export interface FoundPage {
  name: PageName;
  page: PageDescription;
  /** The address's parameters by name (`id`, `token`, `sessionId`). */
  params: Partial<Record<PageParam, string>>;
}

/** The page at this pathname, or undefined (the 404 page, status 404). */
export function pageAt(pathname: string): FoundPage | undefined {
  for (const { name, pattern } of addressPatterns) {
    const match = pattern.exec(pathname);
    if (match) return { name, page: pages[name], params: { ...match.groups } };
  }
  return undefined;
}

/** Whether a parameter's value is one the server accepts (the pages check ids before asking). */
export function isPageParam(param: PageParam, value: string): boolean {
  return new RegExp(`^(?:${pageParams[param].source})$`).test(value);
}

/**
 * A page's or an API endpoint's (#shared/endpoints.ts) address with its `:name` parameters filled
 * in, each encoded as one path segment.
 */
export function pageAddress(path: string, params: Partial<Record<string, string | number>>) {
  return path.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The site's name when the SITE_NAME setting is not given. */
export const DEFAULT_SITE_NAME = 'Local Battles';

/** A page's title: the spec's '{part} - {site name}', or the site's default title without a part. */
export function pageTitle(part: string | null | undefined, siteName: string): string {
  const trimmed = part?.trim();
  return trimmed ? `${trimmed} - ${siteName}` : `${siteName} - Local Coffee Shop Challenge`;
}
