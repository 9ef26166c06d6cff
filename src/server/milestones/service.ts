import { and, eq, sql } from 'drizzle-orm';
import { challengePhase, hasEnded } from '#shared/challenge-phase.ts';
import { countOf } from '#shared/plural.ts';
import { formatInstant } from '#shared/date-range.ts';
import type {
  AdminMilestone,
  AdminReward,
  MilestoneInput,
  PublicMilestone,
} from '#shared/milestones.ts';
import { csvRows } from '../audit-trail/csv.ts';
import { passPseudonymSql } from '../audit-trail/pseudonym.ts';
import { isLiveShop } from '../businesses/live.ts';
import { requireChallenge, requirePublishedChallenge } from '../challenges/require.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { businesses, milestones, passes, rewards, users, challenges } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailWords, rewardReachedMail, type MailContext } from '../mail/templates.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.ts';
import { SITE_LANGUAGES, type SiteLanguages } from '#shared/languages.ts';
import {
  MILESTONE_TEXT_FIELDS,
  textsIn,
  type MilestoneTextField,
  type Translations,
} from '#shared/translations.ts';
import { checkedTranslations, contentLanguageOf } from '../challenges/content-language.ts';

/**
 * Milestones and rewards (docs/decisions/0046). The organizer's tiers are edited here; reaching one
 * happens only inside the redeem's rule call (src/server/db/rules/reach_milestones.sql), and a
 * refund or dispute voids the pass's uncollected rewards (src/server/passes/switch.ts).
 */

export const MILESTONE_NOT_FOUND = 'Milestone not found';
export const REWARD_NOT_FOUND = 'No reward has this pick-up code. Check it and try again.';

/** Each tier of a battle with its rewards issued (not voided) and collected, lowest first. */
const tierCounts = (challengeId: number) =>
  sql`select m.id, m.challenge_id as "challengeId", m.shops, m.reward, m.translations, m.stock,
      count(r.id) filter (where r.voided_at is null)::integer as issued,
      count(r.id) filter (where r.collected_at is not null)::integer as collected
    from milestones m left join rewards r on r.milestone_id = m.id
    where m.challenge_id = ${challengeId}
    group by m.id
    order by m.shops, m.id`;

type TierRow = Omit<AdminMilestone, 'left' | 'translations'> & {
  translations: Translations<'reward'>;
} & Record<string, unknown>;

const withLeft = ({ stock, issued }: { stock: number | null; issued: number }) =>
  stock === null ? null : Math.max(0, stock - issued);

/** GET /api/admin/challenges/{id}/milestones. */
export async function adminMilestonesOf(db: Db, challengeId: number): Promise<AdminMilestone[]> {
  await requireChallenge(db, challengeId);
  const rows = await queryRows<TierRow>(db, tierCounts(challengeId));
  return rows.map((row) => ({ ...row, left: withLeft(row) }));
}

/**
 * GET /api/challenges/{id}/milestones: a published battle's tiers and the stock left of each, the
 * rewards in `language` where the organizer wrote them, else the battle's own (docs/decisions/0050).
 */
export async function publicMilestonesOf(
  db: Db,
  challengeId: number,
  language?: string,
): Promise<PublicMilestone[]> {
  await requirePublishedChallenge(db, challengeId);
  const rows = await queryRows<TierRow>(db, tierCounts(challengeId));
  return rows.map(({ id, shops, reward, translations, stock, issued }) => ({
    id,
    shops,
    reward: language
      ? textsIn({ reward }, translations, MILESTONE_TEXT_FIELDS, language).reward
      : reward,
    stock,
    left: withLeft({ stock, issued }),
  }));
}

/** A tier as the route's schema gives it: the reward trimmed, its translations' empty texts gone. */
type TierInput = Omit<MilestoneInput, 'translations'> & {
  reward: string;
  translations?: Translations<'reward'>;
};

const sameShops = (shops: number) =>
  conflict(`This battle already has a milestone at ${countOf(shops, 'shop')}.`);

/** A tier may ask for at most every live shop of its battle. */
async function checkShopsWithinBattle(tx: Tx, challengeId: number, shops: number) {
  const live = await tx.$count(
    businesses,
    and(eq(businesses.challengeId, challengeId), isLiveShop),
  );
  if (shops > live)
    throw badRequest(
      `This battle has ${countOf(live, 'shop')}, so a milestone can ask for at most ${live}.`,
    );
}

/**
 * POST /api/admin/challenges/{id}/milestones: a new tier, until the battle's end (adding is
 * always allowed while it runs: docs/decisions/0046).
 */
export async function createMilestone(
  db: Db,
  input: { challengeId: number; milestone: TierInput; now: Date },
  site: SiteLanguages = SITE_LANGUAGES,
): Promise<AdminMilestone> {
  const { shops, reward, stock = null } = input.milestone;
  return db.transaction(async (tx) => {
    const challenge = await requireChallenge(tx, input.challengeId, { lock: true });
    if (hasEnded(challenge, input.now))
      throw conflict('This battle has ended, so no more milestones can be added to it.');
    const translations = checkedTranslations(
      input.milestone.translations ?? {},
      contentLanguageOf(challenge, site),
      site,
    );
    await checkShopsWithinBattle(tx, challenge.id, shops);
    try {
      const [row] = await tx
        .insert(milestones)
        .values({ challengeId: challenge.id, shops, reward, translations, stock })
        .returning();
      if (!row) throw new Error('milestone insert returned no row');
      const { createdAt: _createdAt, ...tier } = row;
      return { ...tier, issued: 0, collected: 0, left: tier.stock };
    } catch (error) {
      if (isUniqueViolation(error, 'milestones_challenge_shops_uq')) throw sameShops(shops);
      throw error;
    }
  });
}

/** The tier, locked with its battle's row, or 404. */
async function lockMilestone(tx: Tx, milestoneId: number) {
  const [milestone] = await tx
    .select()
    .from(milestones)
    .where(eq(milestones.id, milestoneId))
    .for('update');
  if (!milestone) throw notFound(MILESTONE_NOT_FOUND);
  const challenge = await requireChallenge(tx, milestone.challengeId, { lock: true });
  return { milestone, challenge };
}

/**
 * PUT /api/admin/milestones/{id}: anything before the battle starts; once it has started, the
 * reward's words and its stock (never below the rewards already given), never its shops, so
 * nobody's reached tier moves under them (docs/decisions/0046). Nothing after the end.
 */
export async function updateMilestone(
  db: Db,
  input: { milestoneId: number; milestone: TierInput; now: Date },
  site: SiteLanguages = SITE_LANGUAGES,
): Promise<AdminMilestone> {
  const { shops, reward, stock = null } = input.milestone;
  const milestoneId = await db.transaction(async (tx) => {
    const { milestone, challenge } = await lockMilestone(tx, input.milestoneId);
    const phase = challengePhase(challenge, input.now);
    if (phase === 'ended') throw conflict('This battle has ended, so its milestones are final.');
    if (phase === 'running' && shops !== milestone.shops)
      throw conflict(
        `The battle has started, so this milestone stays at ${countOf(milestone.shops, 'shop')}. Add a new milestone instead.`,
      );
    // Sent: replaces them all; absent: kept as they are.
    const translations = input.milestone.translations
      ? checkedTranslations(input.milestone.translations, contentLanguageOf(challenge, site), site)
      : milestone.translations;
    if (shops !== milestone.shops) await checkShopsWithinBattle(tx, challenge.id, shops);
    const issued = await tx.$count(
      rewards,
      and(eq(rewards.milestoneId, milestone.id), sql`${rewards.voidedAt} is null`),
    );
    if (stock !== null && stock < issued)
      throw conflict(
        `${countOf(issued, 'reward has', 'rewards have')} already been given, so the stock cannot be less than ${issued}.`,
      );
    try {
      await tx
        .update(milestones)
        .set({ shops, reward, translations, stock })
        .where(eq(milestones.id, milestone.id));
    } catch (error) {
      if (isUniqueViolation(error, 'milestones_challenge_shops_uq')) throw sameShops(shops);
      throw error;
    }
    return milestone.id;
  });
  const [milestone] = await db.select().from(milestones).where(eq(milestones.id, milestoneId));
  if (!milestone) throw notFound(MILESTONE_NOT_FOUND);
  const tiers = await adminMilestonesOf(db, milestone.challengeId);
  const updated = tiers.find((tier) => tier.id === milestoneId);
  if (!updated) throw notFound(MILESTONE_NOT_FOUND);
  return updated;
}

/** DELETE /api/admin/milestones/{id}: before the battle starts only (no reward exists then). */
export async function deleteMilestone(
  db: Db,
  input: { milestoneId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { milestone, challenge } = await lockMilestone(tx, input.milestoneId);
    if (challengePhase(challenge, input.now) !== 'upcoming')
      throw conflict('The battle has started, so its milestones can no longer be removed.');
    await tx.delete(milestones).where(eq(milestones.id, milestone.id));
  });
}

/** A reward as organizer staff see it, with its member and battle. */
const adminRewardColumns = {
  id: rewards.id,
  pickupCode: rewards.pickupCode,
  reward: milestones.reward,
  shops: milestones.shops,
  challengeTitle: challenges.title,
  username: users.username,
  email: users.email,
  reachedAt: rewards.reachedAt,
  collectedAt: rewards.collectedAt,
  voidedAt: rewards.voidedAt,
  passId: rewards.passId,
  timeZone: challenges.timeZone,
};

function adminRewardsQuery(db: Db | Tx) {
  return db
    .select(adminRewardColumns)
    .from(rewards)
    .innerJoin(milestones, eq(milestones.id, rewards.milestoneId))
    .innerJoin(challenges, eq(challenges.id, milestones.challengeId))
    .innerJoin(passes, eq(passes.id, rewards.passId))
    .innerJoin(users, eq(users.id, passes.userId));
}

type AdminRewardRow = Awaited<ReturnType<typeof adminRewardsQuery>>[number];

function toAdminReward({
  passId: _passId,
  timeZone: _timeZone,
  ...row
}: AdminRewardRow): AdminReward {
  return {
    ...row,
    reachedAt: row.reachedAt.toISOString(),
    collectedAt: row.collectedAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

/** The most rewards one search lists: a counter's screen, not an export (that is rewards.csv). */
const REWARD_SEARCH_LIMIT = 20;

/**
 * GET /api/admin/rewards?search=: the reward with this pick-up code, or those of members whose
 * username or email contains the words, newest first.
 */
export async function findRewards(db: Db, search: string): Promise<AdminReward[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await adminRewardsQuery(db)
    .where(
      sql`${rewards.pickupCode} = ${search.toUpperCase()}
        or ${users.username} ilike ${pattern} or ${users.email} ilike ${pattern}`,
    )
    .orderBy(sql`${rewards.reachedAt} desc`, sql`${rewards.id} desc`)
    .limit(REWARD_SEARCH_LIMIT);
  return rows.map(toAdminReward);
}

/**
 * POST /api/admin/rewards/collect: marks the reward collected, once. The update's own condition
 * decides, so two staff tapping at once get one 200 and one 409.
 */
export async function collectReward(
  db: Db,
  input: { pickupCode: string; collectedBy: number; now: Date },
): Promise<{ reward: AdminReward; passId: number }> {
  const [collected] = await db
    .update(rewards)
    .set({ collectedAt: input.now, collectedBy: input.collectedBy })
    .where(
      and(
        eq(rewards.pickupCode, input.pickupCode),
        sql`${rewards.collectedAt} is null and ${rewards.voidedAt} is null`,
      ),
    )
    .returning({ id: rewards.id });
  const [row] = await adminRewardsQuery(db).where(eq(rewards.pickupCode, input.pickupCode));
  if (!row) throw notFound(REWARD_NOT_FOUND);
  if (!collected) {
    if (row.voidedAt)
      throw conflict(
        `This ${row.reward} was cancelled: the pass was refunded or disputed, so it cannot be collected.`,
      );
    const collectedAt = row.collectedAt ?? input.now;
    throw conflict(
      `This ${row.reward} was already collected on ${formatInstant(collectedAt, row.timeZone)}.`,
    ).writing({ formatInstant: { at: collectedAt, timeZone: row.timeZone } });
  }
  return { reward: toAdminReward(row), passId: row.passId };
}

/**
 * A refund or dispute (src/server/passes/switch.ts): the pass's uncollected rewards are void, in
 * the switch's transaction, and their items return to the stock. A collected one stays on record.
 */
export async function voidUncollectedRewards(tx: Tx, passId: number, now: Date): Promise<void> {
  await tx
    .update(rewards)
    .set({ voidedAt: now })
    .where(
      and(
        eq(rewards.passId, passId),
        sql`${rewards.collectedAt} is null and ${rewards.voidedAt} is null`,
      ),
    );
}

/**
 * GET /api/admin/challenges/{id}/rewards.csv: every reward issued, collected or voided, for the
 * audit (docs/decisions/0046). Passes by the pseudonym of votes.csv, so the files agree on who is
 * who without naming anyone.
 */
export async function rewardsCsv(db: Db, challengeId: number): Promise<string> {
  const challenge = await requireChallenge(db, challengeId);
  const rows = await queryRows<{
    reward_id: number;
    shops: number;
    reward: string;
    pass: string;
    reached_at: string;
    collected_at: string | null;
    voided_at: string | null;
  }>(
    db,
    sql`select r.id as reward_id, m.shops, m.reward,
        ${passPseudonymSql(sql`c.audit_salt`, sql`r.pass_id`)} as pass,
        r.reached_at, r.collected_at, r.voided_at
      from rewards r
      join milestones m on m.id = r.milestone_id
      join challenges c on c.id = m.challenge_id
      where c.id = ${challenge.id}
      order by r.id`,
  );
  const iso = (value: string | null) => (value === null ? '' : new Date(value).toISOString());
  return csvRows([
    ['reward_id', 'shops', 'reward', 'pass', 'reached_at', 'collected_at', 'voided_at'],
    ...rows.map((row) => [
      row.reward_id,
      row.shops,
      row.reward,
      row.pass,
      iso(row.reached_at),
      iso(row.collected_at),
      iso(row.voided_at),
    ]),
  ]);
}

/** What redeem_held_coupon answers of each reward its redeem reached (reach_milestones.sql). */
export interface ReachedReward {
  shops: number;
  reward: string;
  /** The reward in the site's other languages; absent from answers kept before it was answered. */
  translations?: Translations<MilestoneTextField>;
  pickupCode: string;
}

/** Mails the holder each reward their redeem reached, with its pick-up code. */
export async function queueRewardMail(
  db: Db | Tx,
  mail: MailContext,
  input: { passId: number; rewards: ReachedReward[]; now: Date },
): Promise<void> {
  const [holder] = await db
    .select({
      email: users.email,
      language: users.language,
      challengeTitle: challenges.title,
      challengeTranslations: challenges.translations,
    })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .innerJoin(challenges, eq(challenges.id, passes.challengeId))
    .where(eq(passes.id, input.passId));
  if (!holder) return;
  // The battle's title and each reward in the language the email speaks, where the organizer
  // wrote them (docs/decisions/0050).
  const language = mailWords(mail, holder.language).language;
  const details = {
    email: holder.email,
    language: holder.language,
    challengeTitle: textsIn(
      { title: holder.challengeTitle },
      holder.challengeTranslations,
      ['title'],
      language,
    ).title,
  };
  for (const reached of input.rewards) {
    const reward = textsIn(reached, reached.translations ?? {}, MILESTONE_TEXT_FIELDS, language);
    await enqueueMail(db, rewardReachedMail(mail, { ...details, ...reward }), input.now);
  }
}
