/**
 * Every query key of the web app, in one registry: a mutation refreshes or writes another
 * feature's data (a vote moves the public counts behind the rank badges) by the same key that
 * feature reads it with, without importing that feature.
 *
 * Keys of account-specific data start with `member` or `admin`, so signing in, out or as someone
 * else drops them all (`clearAccountData`). A list's key is the prefix of its items' keys, so
 * invalidating the list refreshes the items too.
 */
export const queryKeys = {
  user: ['auth', 'user'],
  siteConfig: ['site-config'],
  /** GET /api/challenge/active: the current battle (docs/GLOSSARY.md). */
  currentBattle: ['challenge', 'active'],
  /** GET /api/challenges: the published challenges, the schedule of /battles. */
  publishedChallenges: ['challenges'],
  /** GET /api/businesses; one shop (GET /api/businesses/{id}) sits under it. */
  businesses: ['businesses'],
  business: (id: string) => ['businesses', id],
  /** GET /api/votes: the public totals behind rank badges. */
  voteCounts: ['votes'],
  /** GET /api/challenges/{id}/results: an ended battle's published results. */
  results: (challengeId: string) => ['results', challengeId],
  /** GET /api/challenges/{id}/draws: a battle's prize draws, advertised beside the pass. */
  draws: (challengeId: number) => ['draws', challengeId],
  /** GET /api/challenges/{id}/milestones: a battle's tiers and the stock left of each. */
  milestones: (challengeId: number) => ['milestones', challengeId],
  /** GET /api/challenges/{id}/explorers: a battle's explorer board. */
  explorers: (challengeId: number) => ['explorers', challengeId],
  /** A shop's private page (GET /api/shop/:token): no account, the token is the key. */
  shopPage: (token: string) => ['shop-page', token],
  /** The address an emailed email-change link would set (POST /api/email-change/preview). */
  emailChangePreview: (token: string) => ['email-change-preview', token],
  member: {
    all: ['member'],
    pass: (userId: number) => ['member', 'pass', userId],
    /** The member's coupons and votes: the one answer /profile polls. */
    progress: ['member', 'progress'],
    /** GET /api/user/coupons and /api/user/available-votes: a pass holder's progress on the home page. */
    coupons: ['member', 'coupons'],
    availableVotes: ['member', 'available-votes'],
    /** GET /api/user/draws: the member's pass pseudonym and draw entries. */
    draws: ['member', 'draws'],
    couponBusiness: (couponId: number) => ['member', 'coupon-business', couponId],
    sandboxSession: (sessionId: string) => ['member', 'sandbox-session', sessionId],
    mailPreferences: ['member', 'mail-preferences'],
    /** GET /api/user/explorer: the member's explorer board switch. */
    explorer: ['member', 'explorer'],
    /** GET /api/user/claims: the passes the member bought or gave away for other people. */
    claims: ['member', 'claims'],
  },
  admin: {
    all: ['admin'],
    challenges: ['admin', 'challenges'],
    challengeBusinesses: (challengeId: number) => [
      'admin',
      'challenges',
      challengeId,
      'businesses',
    ],
    dashboard: ['admin', 'dashboard'],
    backups: ['admin', 'backups'],
    leaderboard: (challengeId: number | null) => ['admin', 'leaderboard', challengeId],
    settlement: (challengeId: number) => ['admin', 'challenges', challengeId, 'settlement'],
    payouts: (challengeId: number) => ['admin', 'challenges', challengeId, 'payouts'],
    draws: (challengeId: number) => ['admin', 'challenges', challengeId, 'draws'],
    /** GET /api/admin/challenges/{id}/vouchers: a battle's free-pass codes and their uses. */
    vouchers: (challengeId: number) => ['admin', 'challenges', challengeId, 'vouchers'],
    /** GET /api/admin/challenges/{id}/promo-codes: a battle's promo codes and their uses. */
    promoCodes: (challengeId: number) => ['admin', 'challenges', challengeId, 'promo-codes'],
    /** GET /api/admin/challenges/{id}/milestones: a battle's tiers with rewards given and collected. */
    milestones: (challengeId: number) => ['admin', 'challenges', challengeId, 'milestones'],
    /** GET /api/admin/rewards?search=: rewards found at the counter. */
    rewards: (search: string) => ['admin', 'rewards', search],
    messages: (challengeId: number) => ['admin', 'challenges', challengeId, 'messages'],
    audiences: (challengeId: number) => [
      'admin',
      'challenges',
      challengeId,
      'messages',
      'audiences',
    ],
  },
} as const;
