import { z } from 'zod';
import { challengeSchema } from './challenges.ts';

/** One shop's standing (docs/RULES.md rule 10: ties share a rank; whole percentages). */
export const standingSchema = z.object({
  businessId: z.number().int(),
  name: z.string(),
  address: z.string(),
  votes: z.number().int(),
  rank: z.number().int(),
  percent: z.number().int(),
});
export type Standing = z.infer<typeof standingSchema>;

export const leaderboardSchema = z.object({
  challenge: challengeSchema,
  totalVotes: z.number().int(),
  /** Most votes first. */
  standings: z.array(standingSchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const leaderboardQuerySchema = z.object({
  challengeId: z.coerce
    .number()
    .int('Invalid id')
    .positive('Invalid id')
    .max(2_147_483_647, 'Invalid id')
    .optional(),
});

/**
 * GET /api/admin/leaderboard: the challenges for the selector, which of them is active (rule 1),
 * and the standings of the chosen one (by default the active challenge, else the first).
 */
export const leaderboardPageSchema = z.object({
  challenges: z.array(challengeSchema),
  activeChallengeId: z.number().int().nullable(),
  leaderboard: leaderboardSchema.nullable(),
});
export type LeaderboardPage = z.infer<typeof leaderboardPageSchema>;

/** A count this week (the last 7 days) against the 7 days before. */
export const weeklyTrendSchema = z.object({
  thisWeek: z.number().int(),
  lastWeek: z.number().int(),
  /** Whole-percent change; null when last week had none (no honest percentage exists). */
  percentChange: z.number().int().nullable(),
});
export type WeeklyTrend = z.infer<typeof weeklyTrendSchema>;

export const recentPurchaseSchema = z.object({
  passId: z.number().int(),
  purchaseDate: z.string(),
  price: z.number().int(),
});

/**
 * The current battle's money at a glance: passes bought through a payment that stands (not a test
 * pass, not refunded or disputed) and what they brought in, and the shops' account as the
 * settlement has it (docs/decisions/0013, 0032: a voided payout is not paid).
 */
export const moneySchema = z.object({
  passesSold: z.number().int(),
  /** Free passes redeemed with vouchers (docs/RULES.md rule 24): no payment, apart from the sold. */
  freePasses: z.number().int(),
  grossCents: z.number().int(),
  paidToShopsDollars: z.number().int(),
  owedToShopsDollars: z.number().int(),
});
export type Money = z.infer<typeof moneySchema>;

export const dashboardSchema = z.object({
  activeChallenge: challengeSchema.nullable(),
  /** Null without a current battle. */
  money: moneySchema.nullable(),
  totals: z.object({
    passes: z.number().int(),
    businesses: z.number().int(),
    votes: z.number().int(),
    challenges: z.number().int(),
  }),
  passesTrend: weeklyTrendSchema.nullable(),
  /** Votes cast per calendar day of the challenge's time zone: this week is today and the 6 days before. */
  votesTrend: weeklyTrendSchema.nullable(),
  topBusinesses: z.array(standingSchema),
  recentPurchases: z.array(recentPurchaseSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
