import { sql } from 'drizzle-orm';
import type { DrawEntries } from '#shared/draw-entries.ts';
import type {
  ChallengeTextField,
  DrawTextField,
  MilestoneTextField,
  ShopTranslationField,
  Translations,
} from '#shared/translations.ts';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Raw bytes: a stored file is served byte for byte, so its SHA-256 holds. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
/**
 * The organizer's texts in the site's other languages, beside the columns that hold the battle's
 * content language's (docs/decisions/0050-content-languages.md).
 */
const translations = <Field extends string>() =>
  jsonb('translations').$type<Translations<Field>>().notNull().default({});
/** A secret drawn by the database: 122 random bits per UUID (gen_random_uuid is core PostgreSQL). */
const randomSecret = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    /** docs/RULES.md rule 20: false once the member unsubscribed from the organizer's mail. */
    organizerMail: boolean('organizer_mail').notNull().default(true),
    /**
     * The member's one-click unsubscribe token (RFC 8058), in every organizer message and reminder:
     * random, never logged, and it can do nothing but switch organizer mail off.
     */
    mailToken: text('mail_token').notNull().default(randomSecret),
    /**
     * The language the member chose (PUT /api/user/language), one of LANGUAGES when saved; null
     * until they choose (docs/decisions/0048-languages.md).
     */
    language: text('language'),
    /**
     * Whether the member is listed on the public explorer boards, and under which name (null: their
     * pass pseudonym). Off unless the member switches it on (docs/decisions/0047).
     */
    explorerOptIn: boolean('explorer_opt_in').notNull().default(false),
    explorerName: text('explorer_name'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mail_token_uq').on(t.mailToken),
    // Usernames are unique regardless of case so 'Alice' cannot impersonate 'alice'.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: jsonb('data').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date').notNull(),
    /** Whole dollars, as the spec shows prices. */
    price: integer('price').notNull(),
    active: boolean('active').notNull().default(true),
    theme: text('theme').notNull().default('coffee'),
    /**
     * The theme's name in the content language ('Ice Cream'); null: the key's words
     * (#shared/challenges.ts `themeWords`). Other languages' are in `translations`.
     */
    themeLabel: text('theme_label'),
    /** How many votes one pass may give one shop; null means unlimited (docs/RULES.md rule 2). */
    votesPerShop: integer('votes_per_shop').default(1),
    /** IANA zone of the battle's city: shop caps, a shop's 'today' and daily codes follow its days. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Pseudonymises pass numbers in the votes export (docs/decisions/0013); never sent anywhere. */
    auditSalt: text('audit_salt').notNull().default(randomSecret),
    /** docs/RULES.md rule 18: the public sees the counts of this many hours before the end; 0 = off. */
    standingsFreezeHours: integer('standings_freeze_hours').notNull().default(0),
    /** Holders with something left get one reminder this many hours before the end; 0 = off. */
    reminderHoursBeforeEnd: integer('reminder_hours_before_end').notNull().default(72),
    /** docs/RULES.md rule 24: the most passes one checkout buys (1-10). */
    maxPassesPerOrder: integer('max_passes_per_order').notNull().default(10),
    /** docs/RULES.md rule 24: whether passes from vouchers vote and enter draws (off: coupons only). */
    voucherPassesVote: boolean('voucher_passes_vote').notNull().default(false),
    /**
     * The language title, description and the battle's shops' and draws' own columns are written
     * in; null: the site's DEFAULT_LANGUAGE (docs/decisions/0050-content-languages.md).
     */
    contentLanguage: text('content_language'),
    translations: translations<ChallengeTextField>(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('challenges_price_non_negative', sql`${t.price} >= 0`),
    check('challenges_end_after_start', sql`${t.endDate} > ${t.startDate}`),
    check(
      'challenges_votes_per_shop_positive',
      sql`${t.votesPerShop} IS NULL OR ${t.votesPerShop} >= 1`,
    ),
    check('challenges_standings_freeze_hours_non_negative', sql`${t.standingsFreezeHours} >= 0`),
    check('challenges_reminder_hours_non_negative', sql`${t.reminderHoursBeforeEnd} >= 0`),
    check('challenges_max_passes_per_order_range', sql`${t.maxPassesPerOrder} BETWEEN 1 AND 10`),
  ],
);

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Sanitized HTML (docs/RULES.md rule 9). */
    longDescription: text('long_description'),
    address: text('address').notNull(),
    phone: text('phone'),
    website: text('website'),
    imageUrl: text('image_url'),
    /** JSON object of label to time range, kept as text as the spec says. */
    hours: text('hours'),
    specialties: text('specialties'),
    /** The shop's texts in other languages than its battle's content language. */
    translations: translations<ShopTranslationField>(),
    position: integer('position').notNull().default(0),
    redemptionCode: text('redemption_code').notNull(),
    /** Live vote total, kept in the same transaction as every vote so reads never count rows. */
    voteCount: integer('vote_count').notNull().default(0),
    /** 'off' (the static code), 'daily' or 'hourly': codes derived from code_secret per period. */
    codeRotation: text('code_rotation', { enum: ['off', 'daily', 'hourly'] })
      .notNull()
      .default('off'),
    /** Seeds the rotating codes; never leaves the database except as the shop's current code. */
    codeSecret: text('code_secret').notNull().default(randomSecret),
    /** Redemptions paused by the organizer or the shop. */
    paused: boolean('paused').notNull().default(false),
    /** At most this many redemptions a day (challenge's time zone); null = no cap. */
    dailyCap: integer('daily_cap'),
    /** Where the shop is (WGS 84 degrees), for the map; both null while it is not placed. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** SHA-256 of the shop's private page token; null while none is issued (or after revoking). */
    shopLinkHash: text('shop_link_hash'),
    /** Soft delete: redeemed coupons stay on record (docs/RULES.md rule 8). */
    deletedAt: instant('deleted_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('businesses_code_four_digits', sql`${t.redemptionCode} ~ '^[0-9]{4}$'`),
    check('businesses_position_non_negative', sql`${t.position} >= 0`),
    check('businesses_vote_count_non_negative', sql`${t.voteCount} >= 0`),
    check('businesses_daily_cap_positive', sql`${t.dailyCap} IS NULL OR ${t.dailyCap} >= 1`),
    check('businesses_code_rotation_known', sql`${t.codeRotation} IN ('off', 'daily', 'hourly')`),
    // Both coordinates or neither, each within its range (docs/decisions/0023-map.md).
    check('businesses_coordinates_paired', sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
    check('businesses_latitude_range', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('businesses_longitude_range', sql`${t.longitude} BETWEEN -180 AND 180`),
    uniqueIndex('businesses_shop_link_uq').on(t.shopLinkHash),
    uniqueIndex('businesses_live_code_uq')
      .on(t.challengeId, t.redemptionCode)
      .where(sql`${t.deletedAt} IS NULL`),
    index('businesses_challenge_position_idx').on(t.challengeId, t.position),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    amountCents: integer('amount_cents').notNull(),
    /** Passes this order buys (docs/RULES.md rule 24); `gift`: none of them for the buyer. */
    quantity: integer('quantity').notNull().default(1),
    gift: boolean('gift').notNull().default(false),
    /** Given back for passes refunded one at a time (an order's unclaimed claims); the rest stands. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * Taken off the order's price by a promo code (docs/decisions/0044): `amount_cents` is what was
     * charged, the price × quantity less this. The sandbox's own code is `promo_code_id`; a Stripe
     * promotion code's discount is read from its Checkout session.
     */
    discountCents: integer('discount_cents').notNull().default(0),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    currency: text('currency').notNull().default('usd'),
    status: text('status', {
      enum: ['pending', 'paid', 'declined', 'cancelled', 'expired', 'refunded', 'disputed'],
    })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_session_uq').on(t.provider, t.providerSessionId),
    index('payments_user_challenge_idx').on(t.userId, t.challengeId),
    check('payments_amount_non_negative', sql`${t.amountCents} >= 0`),
    check('payments_discount_non_negative', sql`${t.discountCents} >= 0`),
    check('payments_quantity_range', sql`${t.quantity} BETWEEN 1 AND 10`),
    check(
      'payments_refunded_within_amount',
      sql`${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`,
    ),
  ],
);

export const passes = pgTable(
  'passes',
  {
    id: serial('id').primaryKey(),
    /** Null while a pass is being transferred: its open claim says who may take it (rule 24). */
    userId: integer('user_id').references(() => users.id),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    purchaseDate: instant('purchase_date').notNull().defaultNow(),
    paymentId: integer('payment_id').references(() => payments.id),
    active: boolean('active').notNull().default(true),
    /** Why an organizer or the payment provider switched the pass off (refund, dispute). */
    inactiveReason: text('inactive_reason'),
    /** The voucher this free pass was redeemed with (docs/decisions/0044); such a pass has no payment. */
    voucherId: integer('voucher_id').references(() => vouchers.id),
  },
  (t) => [
    uniqueIndex('passes_user_challenge_uq').on(t.userId, t.challengeId),
    index('passes_challenge_purchase_idx').on(t.challengeId, t.purchaseDate),
    check('passes_voucher_without_payment', sql`${t.voucherId} IS NULL OR ${t.paymentId} IS NULL`),
  ],
);

/**
 * A code the organizer hands out for free passes (press, judges, sponsors; docs/RULES.md rule 24,
 * docs/decisions/0044): up to `maxUses` people redeem it, each for a pass with no payment, until
 * `expiresAt`. Codes are kept in capitals and unique across battles, so a code names its battle.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    code: text('code').notNull(),
    /** Who it is for, in the organizer's words: press, judge, sponsor. */
    tag: text('tag').notNull(),
    maxUses: integer('max_uses').notNull(),
    /** Passes issued with it; raised in the redeeming transaction that holds the row's lock. */
    uses: integer('uses').notNull().default(0),
    expiresAt: instant('expires_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_uq').on(t.code),
    index('vouchers_challenge_idx').on(t.challengeId),
    check('vouchers_code_upper', sql`${t.code} ~ '^[A-Z0-9-]{4,32}$'`),
    check('vouchers_uses_within_max', sql`${t.uses} BETWEEN 0 AND ${t.maxUses}`),
    check('vouchers_max_uses_positive', sql`${t.maxUses} >= 1`),
  ],
);

/**
 * A promo code for the sandbox checkout (docs/RULES.md rule 24, docs/decisions/0044): the
 * organizer's percent or amount off a battle's orders, for up to `max_uses` paid orders until its
 * expiry. Stripe mode uses Stripe's own promotion codes instead.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** Null: as many orders as want it. */
    maxUses: integer('max_uses'),
    /** Paid orders carrying it; raised when one is paid, in the transaction holding this row's lock. */
    uses: integer('uses').notNull().default(0),
    expiresAt: instant('expires_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(t.code),
    index('promo_codes_challenge_idx').on(t.challengeId),
    check('promo_codes_code_upper', sql`${t.code} ~ '^[A-Z0-9-]{4,32}$'`),
    check(
      'promo_codes_one_discount',
      sql`(${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffCents} IS NULL)
        OR (${t.percentOff} IS NULL AND ${t.amountOffCents} >= 1)`,
    ),
    check(
      'promo_codes_uses_within_max',
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
    check('promo_codes_max_uses_positive', sql`${t.maxUses} IS NULL OR ${t.maxUses} >= 1`),
  ],
);

/**
 * A pass someone else may take (docs/RULES.md rule 24, docs/decisions/0044): one of an order's
 * passes beyond the buyer's own, or a pass its holder transferred (`passId`, then held by nobody).
 * Taken with a random single-use link, kept only as its SHA-256 (a new link replaces it).
 */
export const passClaims = pgTable(
  'pass_claims',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    /** Who manages it: the buyer, or the member who transferred their pass. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** The order it was bought with; null for a pass without payment that was transferred. */
    paymentId: integer('payment_id').references(() => payments.id),
    /** A transferred pass, handed over as it is; null: claiming issues a new pass. */
    passId: integer('pass_id').references(() => passes.id),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['open', 'claimed', 'refunded'] })
      .notNull()
      .default('open'),
    claimedBy: integer('claimed_by').references(() => users.id),
    /** The pass the claim became (the transferred one, or a new one). */
    claimedPassId: integer('claimed_pass_id').references(() => passes.id),
    claimedAt: instant('claimed_at'),
    sentTo: text('sent_to'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pass_claims_token_hash_uq').on(t.tokenHash),
    index('pass_claims_owner_idx').on(t.ownerId),
    index('pass_claims_payment_idx').on(t.paymentId),
    uniqueIndex('pass_claims_open_pass_uq')
      .on(t.passId)
      .where(sql`${t.status} = 'open'`),
    check(
      'pass_claims_claimed_complete',
      sql`(${t.status} = 'claimed') = (${t.claimedBy} IS NOT NULL AND ${t.claimedPassId} IS NOT NULL AND ${t.claimedAt} IS NOT NULL)`,
    ),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    redeemed: boolean('redeemed').notNull().default(false),
    redeemedAt: instant('redeemed_at'),
    /** The member's answer to 'First time at {shop}?' when redeeming; null when not answered. */
    firstVisit: boolean('first_visit'),
    /**
     * An offline redemption (docs/decisions/0042): when the code was typed on the phone without
     * signal, and when the server accepted it (its redeemedAt too). Both null for one made online.
     */
    enteredAt: instant('entered_at'),
    syncedAt: instant('synced_at'),
  },
  (t) => [
    uniqueIndex('coupons_pass_business_uq').on(t.passId, t.businessId),
    index('coupons_business_idx').on(t.businessId),
    check('coupons_offline_complete', sql`(${t.enteredAt} is null) = (${t.syncedAt} is null)`),
  ],
);

/**
 * Every offline redemption the server judged (docs/decisions/0042), with the rule's answer: the
 * same nonce again gets that answer and changes nothing; a refused one is what the coupon shows.
 */
export const offlineRedemptions = pgTable(
  'offline_redemptions',
  {
    id: serial('id').primaryKey(),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    /** The phone's id for this redemption; null when it sent none (then nothing is replayed). */
    nonce: text('nonce'),
    enteredAt: instant('entered_at').notNull(),
    syncedAt: instant('synced_at').notNull(),
    /** redeem_coupon's answer (src/server/db/rules/redeem_coupon.sql), given again on a replay. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('offline_redemptions_pass_nonce_uq').on(t.passId, t.nonce),
    index('offline_redemptions_coupon_idx').on(t.couponId, t.syncedAt),
  ],
);

export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    votedAt: instant('voted_at').notNull().defaultNow(),
  },
  (t) => [
    index('votes_pass_business_idx').on(t.passId, t.businessId),
    index('votes_business_idx').on(t.businessId),
    index('votes_voted_at_idx').on(t.votedAt),
  ],
);

/**
 * Votes cast per shop and day (the day in the challenge's time zone), kept by the votes_counted_by_day
 * trigger in the vote's own transaction, so the dashboard's weekly figures never scan votes. It
 * counts votes as cast: a reset, refund or shop deletion later does not lower a past day
 * (docs/decisions/0018).
 */
export const voteDays = pgTable(
  'vote_days',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    votes: integer('votes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.day] }),
    index('vote_days_challenge_day_idx').on(t.challengeId, t.day),
    check('vote_days_votes_positive', sql`${t.votes} > 0`),
  ],
);

/**
 * Money the organizer paid a shop against its redeemed coupons (docs/decisions/0013). What is still
 * owed is the coupons' value minus these; a payout is checked against that under the shop row's
 * lock (src/server/settlement/payouts.ts), so the payouts never add up to more than was earned.
 * A payout is never deleted or rewritten, only voided once (rules/guard_payout_record.sql).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    amountDollars: integer('amount_dollars').notNull(),
    /** Shown to the shop on its page, as the organizer wrote it. */
    note: text('note'),
    paidAt: instant('paid_at').notNull().defaultNow(),
    /** The organizer who recorded it, for the audit trail. */
    paidBy: integer('paid_by')
      .notNull()
      .references(() => users.id),
    /**
     * A payout recorded in error is voided, never deleted (docs/decisions/0033): when, by whom and
     * why stay beside it, and the settlement no longer counts it. All three or none.
     */
    voidedAt: instant('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id),
    voidReason: text('void_reason'),
  },
  (t) => [
    index('payouts_business_paid_at_idx').on(t.businessId, t.paidAt),
    check('payouts_amount_positive', sql`${t.amountDollars} > 0`),
    check(
      'payouts_void_complete',
      sql`(${t.voidedAt} is null) = (${t.voidedBy} is null) and (${t.voidedAt} is null) = (${t.voidReason} is null)`,
    ),
  ],
);

/** Wrong redemption codes, counted per pass in the database so the limit survives restarts. */
export const redemptionAttempts = pgTable(
  'redemption_attempts',
  {
    id: serial('id').primaryKey(),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    attemptedAt: instant('attempted_at').notNull().defaultNow(),
  },
  (t) => [index('redemption_attempts_pass_time_idx').on(t.passId, t.attemptedAt)],
);

/** Webhook event ids already handled, so a redelivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type Challenge = typeof challenges.$inferSelect;
export type Business = typeof businesses.$inferSelect;
export type Pass = typeof passes.$inferSelect;
export type PassClaim = typeof passClaims.$inferSelect;
export type Voucher = typeof vouchers.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type Vote = typeof votes.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Payout = typeof payouts.$inferSelect;

/** Settings the instances of one deployment share, such as a generated session secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Email waiting to be sent (transactional outbox, docs/decisions/0012): written in the same
 * transaction as the event that causes it, then claimed and sent by the mail worker. A claim
 * moves next_attempt_at forward by a lease, so mail claimed by a process that died is claimed
 * again once the lease runs out. The bodies are cleared once sent: a reset link lives no longer
 * than it must.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Extra headers, such as List-Unsubscribe on organizer mail (docs/RULES.md rule 20). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * Organizer mail (messages, reminders, sale alerts): sent after account mail that is due, so
     * a message to thousands never holds back a receipt or a reset link.
     */
    bulk: boolean('bulk').notNull().default(false),
    /**
     * Sent to an address nobody has confirmed (docs/decisions/0029): counts against that
     * address's daily allowance and goes after account mail to confirmed addresses.
     */
    unconfirmed: boolean('unconfirmed').notNull().default(false),
    /** Set instead of sending when the address's allowance was spent; the row stays as the record. */
    suppressedAt: instant('suppressed_at'),
    /** The organizer message this email belongs to, for its delivered and failed counts. */
    messageId: integer('message_id').references(() => organizerMessages.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    /** Set after the last allowed attempt failed; the row stays for an operator to read. */
    gaveUpAt: instant('gave_up_at'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.bulk, t.unconfirmed, t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.gaveUpAt} IS NULL AND ${t.suppressedAt} IS NULL`),
    // The allowance counts an address's unconfirmed mail of the last day (mail/outbox.ts).
    index('mail_outbox_allowance_idx')
      .on(sql`lower(${t.toAddress})`, t.createdAt)
      .where(sql`${t.unconfirmed}`),
    index('mail_outbox_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} IS NOT NULL`),
  ],
);

/** What an organizer wrote to a challenge's pass holders (POST /api/admin/challenges/:id/messages). */
export const organizerMessages = pgTable(
  'organizer_messages',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    audience: text('audience', {
      enum: ['all', 'no-redemptions', 'unused-coupons', 'unused-votes'],
    }).notNull(),
    recipients: integer('recipients').notNull(),
    sentBy: integer('sent_by')
      .notNull()
      .references(() => users.id),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [index('organizer_messages_challenge_idx').on(t.challengeId, t.sentAt)],
);

/** One row per pass reminded before its challenge's end: the key is what makes it once per pass. */
export const passReminders = pgTable('pass_reminders', {
  passId: integer('pass_id')
    .primaryKey()
    .references(() => passes.id),
  sentAt: instant('sent_at').notNull(),
});

/**
 * 'Tell me when passes go on sale' on an upcoming battle's home: one row per address and
 * challenge; sent_at is set in the transaction that queues the email, so it goes once.
 */
export const saleAlerts = pgTable(
  'sale_alerts',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    email: text('email').notNull(),
    /** One-click unsubscribe token of this address's alerts (docs/RULES.md rule 20). */
    token: text('token').notNull().default(randomSecret),
    /**
     * The language of the page the alert was asked on, which its email speaks; null (alerts
     * from before it was kept): DEFAULT_LANGUAGE (docs/decisions/0049-api-and-mail-languages.md).
     */
    language: text('language'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
    unsubscribedAt: instant('unsubscribed_at'),
  },
  (t) => [
    uniqueIndex('sale_alerts_challenge_email_uq').on(t.challengeId, sql`lower(${t.email})`),
    uniqueIndex('sale_alerts_token_uq').on(t.token),
    index('sale_alerts_pending_idx')
      .on(t.challengeId)
      .where(sql`${t.sentAt} IS NULL AND ${t.unsubscribedAt} IS NULL`),
  ],
);

/** Mail "sent" without SMTP_URL: kept here and shown by the sandbox mailbox (test tools). */
export const sandboxMail = pgTable(
  'sandbox_mail',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [index('sandbox_mail_to_idx').on(sql`lower(${t.toAddress})`, t.id)],
);

/**
 * Addresses whose owner followed a link mailed to them (a used reset link, a confirmed email
 * change) or that the operator gave (create-admin): account mail to them is never held back by
 * the allowance of unconfirmed addresses (docs/decisions/0029). Kept in lower case.
 */
export const confirmedAddresses = pgTable('confirmed_addresses', {
  address: text('address').primaryKey(),
  confirmedAt: instant('confirmed_at').notNull(),
});

/** Password reset links: only a SHA-256 of the random token is kept; a row is deleted when used or voided. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Email address changes waiting for their confirmation link (docs/decisions/0014): the new
 * address and a SHA-256 of the random token. One row per member at most (a newer request
 * replaces it); deleted when used.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_change_tokens_hash_uq').on(t.tokenHash),
    uniqueIndex('email_change_tokens_user_uq').on(t.userId),
  ],
);

/**
 * Request counters of the rate limits (sign-in, registration, password reset), shared by every
 * instance: one row per limited key, counting hits until its window ends. An increment is one
 * atomic upsert (src/server/plugins/rate-limits.ts); the jobs scheduler deletes ended windows.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: instant('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_idx').on(t.windowEndsAt)],
);

/**
 * Periodic jobs (src/server/jobs/scheduler.ts): an instance runs a job's tick only after moving
 * last_run_at forward past one interval, an atomic claim, so the tick runs once across instances.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastRunAt: instant('last_run_at').notNull(),
  runs: integer('runs').notNull().default(0),
});

/**
 * Prize draws (docs/RULES.md rule 19, docs/decisions/0022). The seed is drawn at creation and
 * leaves the database only at the reveal; its SHA-256 (the commitment) is public from the start.
 * The reveal fixes the entries file's exact bytes and the winners here, so the published file and
 * its hash never change afterwards.
 */
export const prizeDraws = pgTable(
  'prize_draws',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    prize: text('prize').notNull(),
    /** The prize in other languages than the battle's content language. */
    translations: translations<DrawTextField>(),
    winnerCount: integer('winner_count').notNull(),
    entries: text('entries').$type<DrawEntries>().notNull(),
    /** 32 random bytes as lowercase hex; secret until revealed_at. */
    seed: text('seed').notNull(),
    /** SHA-256 of the seed's bytes, lowercase hex. */
    commitment: text('commitment').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    revealedAt: instant('revealed_at'),
    /** The published entries file, byte for byte (header entry_id,pass). */
    entriesCsv: text('entries_csv'),
    entriesCsvSha256: text('entries_csv_sha256'),
    /** Winning pass pseudonyms in draw order. */
    winners: jsonb('winners').$type<string[]>(),
    /** The winning passes' ids, in the same order, for the organizer's view and the winners' mail. */
    winnerPassIds: jsonb('winner_pass_ids').$type<number[]>(),
  },
  (t) => [
    index('prize_draws_challenge_idx').on(t.challengeId),
    // docs/RULES.md rule 23: one draw per prize, so repeating a draw until it pleases is visible.
    uniqueIndex('prize_draws_one_per_prize_uq').on(t.challengeId, sql`lower(${t.prize})`),
    check('prize_draws_winner_count_positive', sql`${t.winnerCount} >= 1`),
    // docs/RULES.md 'How draws are made': the modes of #shared/draws.ts drawEntriesSchema.
    check(
      'prize_draws_entries_known',
      sql`${t.entries} IN ('coupons', 'passes') OR ${t.entries} ~ '^shops>=[1-9][0-9]{0,3}$'`,
    ),
  ],
);

export type PrizeDraw = typeof prizeDraws.$inferSelect;

/**
 * docs/RULES.md rule 23 (docs/decisions/0028): a battle's results as published. Version 1 is
 * stored once at the end; each later version is a correction (a refund or dispute after the end),
 * dated and with its reason, beside the earlier ones, which never change. The ranking is stored
 * as published and votes.csv as bytes in `published_file_chunks`.
 */
export const publishedResults = pgTable(
  'published_results',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    version: integer('version').notNull(),
    publishedAt: instant('published_at').notNull(),
    /** Null for version 1; a correction's reasons otherwise. */
    reason: text('reason'),
    ranking: jsonb('ranking')
      .$type<
        {
          businessId: number;
          name: string;
          votes: number;
          redeemers: number;
          share: number;
          rank: number | null;
        }[]
      >()
      .notNull(),
    votesCsvSha256: text('votes_csv_sha256').notNull(),
    votesCsvBytes: integer('votes_csv_bytes').notNull(),
    /** The last result_corrections row this version includes; 0 when none. */
    coversCorrectionId: integer('covers_correction_id').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.version] }),
    check('published_results_version_positive', sql`${t.version} >= 1`),
  ],
);
export type PublishedResult = typeof publishedResults.$inferSelect;

/** A published file's bytes in rows of about 1 MB, so serving reads one short query at a time. */
export const publishedFileChunks = pgTable(
  'published_file_chunks',
  {
    challengeId: integer('challenge_id').notNull(),
    version: integer('version').notNull(),
    seq: integer('seq').notNull(),
    data: bytes('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.version, t.seq] })],
);

/**
 * A change after the end that alters what was counted (a pass refunded, disputed or reinstated),
 * recorded in the change's own transaction; the next published version includes it.
 */
export const resultCorrections = pgTable(
  'result_corrections',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    reason: text('reason').notNull(),
    recordedAt: instant('recorded_at').notNull(),
  },
  (t) => [index('result_corrections_challenge_idx').on(t.challengeId, t.id)],
);

/**
 * A pass its holder took into Apple Wallet or Google Wallet (docs/decisions/0043): created at the
 * first download or 'Save to Google Wallet', never before, so nothing goes to a wallet untapped.
 * `contentHash` is what the wallet copy shows as last marked (wallet/updates.ts): when the pass's
 * figures move, `updatedAt` moves (Apple's "updated since" tag) and the pushes fall due. The due
 * columns are the outbox: claimed with a lease, retried with backoff, kept across restarts.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    passId: integer('pass_id')
      .primaryKey()
      .references(() => passes.id),
    /** The pass's serial number in Apple's and Google's paths: random, so it tells nothing. */
    serial: text('serial').notNull(),
    /** SHA-256 of the pass's PassKit authentication token (wallet/wallet-passes.ts). */
    authTokenHash: text('auth_token_hash').notNull(),
    contentHash: text('content_hash').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** APNs pushes to the registered devices are due from then; null: none due. */
    pushDueAt: instant('push_due_at'),
    pushAttempts: integer('push_attempts').notNull().default(0),
    /** Set when the holder tapped 'Save to Google Wallet': from then on its object is kept current. */
    googleSavedAt: instant('google_saved_at'),
    googleDueAt: instant('google_due_at'),
    googleAttempts: integer('google_attempts').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_passes_serial_uq').on(t.serial),
    index('wallet_passes_push_due_idx')
      .on(t.pushDueAt)
      .where(sql`${t.pushDueAt} IS NOT NULL`),
    index('wallet_passes_google_due_idx')
      .on(t.googleDueAt)
      .where(sql`${t.googleDueAt} IS NOT NULL`),
  ],
);

/**
 * A Google Wallet object its holder gave away with the pass (rules/transfer_pass.sql,
 * docs/decisions/0043): the object stays in the old holder's Google Wallet, so it is made INACTIVE
 * through the wallet outbox (wallet/updates.ts), claimed and retried like `wallet_passes`' due
 * columns. The row goes when Google took the update; `dueAt` null: it gave up retrying.
 */
export const walletGoogleVoids = pgTable(
  'wallet_google_voids',
  {
    /** The given-away wallet pass's serial: the object's id is `<issuer>.<serial>`. */
    serial: text('serial').primaryKey(),
    dueAt: instant('due_at').defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_google_voids_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} IS NOT NULL`),
  ],
);

/** A device that asked Apple's PassKit web service for a wallet pass's updates (docs/decisions/0043). */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    deviceId: text('device_id').notNull(),
    passId: integer('pass_id')
      .notNull()
      .references(() => walletPasses.passId),
    pushToken: text('push_token').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.passId] }),
    index('wallet_registrations_pass_idx').on(t.passId),
  ],
);

/**
 * A battle's milestone (docs/decisions/0046): a reward for a pass that has redeemed coupons at
 * `shops` shops, while `stock` lasts (null: as many as reach it). Reached only inside the redeem's
 * rule call (src/server/db/rules/reach_milestones.sql), under this row's lock.
 */
export const milestones = pgTable(
  'milestones',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    shops: integer('shops').notNull(),
    reward: text('reward').notNull(),
    /** The reward in the battle's other languages (docs/decisions/0050): `{ "es": { "reward": "…" } }`. */
    translations: translations<MilestoneTextField>(),
    stock: integer('stock'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('milestones_challenge_shops_uq').on(t.challengeId, t.shops),
    check('milestones_shops_positive', sql`${t.shops} >= 1`),
    check('milestones_stock_positive', sql`${t.stock} IS NULL OR ${t.stock} >= 1`),
  ],
);

export type Milestone = typeof milestones.$inferSelect;

/**
 * A reward a pass reached (docs/decisions/0046), picked up in person with its one-time code.
 * A refund or dispute voids it while uncollected (src/server/passes/switch.ts); a voided reward
 * gives its item back to the stock, and the pass may reach the milestone again if it counts again.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    milestoneId: integer('milestone_id')
      .notNull()
      .references(() => milestones.id),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id),
    pickupCode: text('pickup_code').notNull(),
    reachedAt: instant('reached_at').notNull(),
    collectedAt: instant('collected_at'),
    collectedBy: integer('collected_by').references(() => users.id),
    voidedAt: instant('voided_at'),
  },
  (t) => [
    uniqueIndex('rewards_pickup_code_uq').on(t.pickupCode),
    uniqueIndex('rewards_one_per_pass_uq')
      .on(t.milestoneId, t.passId)
      .where(sql`${t.voidedAt} IS NULL`),
    index('rewards_pass_idx').on(t.passId),
    check('rewards_collected_or_voided', sql`${t.collectedAt} IS NULL OR ${t.voidedAt} IS NULL`),
  ],
);

export type Reward = typeof rewards.$inferSelect;
