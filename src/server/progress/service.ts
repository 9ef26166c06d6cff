import { sql, type SQL } from 'drizzle-orm';
import type { CouponState, MemberProgress } from '#shared/progress.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { liveShopSql } from '../businesses/live.ts';
import { notFound } from '../errors.ts';
import { NO_PASS_MESSAGE } from '../passes/refusal.ts';
import { redeemAnswerOf, type RedeemAnswer } from '../redemption/service.ts';
import { apiMessageIn } from '../api-messages.ts';
import { SOURCE_LANGUAGE } from '#shared/languages.ts';
import { MILESTONE_TEXT_FIELDS, textsIn, type Translations } from '#shared/translations.ts';

/** An instant as JSON text, as every answer writes it. */
const isoSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type CouponRow = Omit<CouponState, 'offlineRefusal'> & {
  offlineRefusal: { answer: RedeemAnswer; syncedAt: string } | null;
};

interface ProgressRow extends Record<string, unknown> {
  pass_id: number;
  available_votes: number;
  pass_votes: boolean;
  coupons: CouponRow[];
  own_votes: MemberProgress['ownVotes'];
  milestones: {
    shops: number;
    reward: string;
    translations: Translations<'reward'>;
    pickupCode: string | null;
    collected: boolean;
  }[];
}

/**
 * GET /api/user/progress read in one statement (a changed poll costs one round trip): the
 * member's pass in rule 1's battle (as requireHeldPass finds it), its coupons' states for live
 * shops in display order, its available votes by the database's own rule (available_votes) and
 * its counted votes per live shop, and its battle's milestones with the rewards it reached
 * (docs/decisions/0046). 404 without a pass, as every pass holder's read.
 */
export async function memberProgressOf(
  db: Db,
  userId: number,
  now: Date,
  language: string = SOURCE_LANGUAGE,
): Promise<{ passId: number; progress: MemberProgress }> {
  const [row] = await queryRows<ProgressRow>(
    db,
    sql`
      with held as (
        select id, voucher_id, challenge_id from passes
        where user_id = ${userId}
          and challenge_id = active_challenge_id(${now.toISOString()}::timestamptz)
      )
      select held.id as pass_id,
        available_votes(held.id) as available_votes,
        (held.voucher_id is null or (
          select voucher_passes_vote from challenges where id = held.challenge_id)) as pass_votes,
        coalesce((
          select json_agg(json_build_object(
              'id', c.id, 'businessId', c.business_id, 'redeemed', c.redeemed,
              'redeemedAt', ${isoSql(sql`c.redeemed_at`)},
              'enteredAt', ${isoSql(sql`c.entered_at`)},
              'syncedAt', ${isoSql(sql`c.synced_at`)},
              'offlineRefusal', case when not c.redeemed then (
                select json_build_object('answer', o.answer, 'syncedAt', o.synced_at)
                from offline_redemptions o
                where o.coupon_id = c.id and o.answer->>'outcome' <> 'redeemed'
                order by o.synced_at desc, o.id desc limit 1) end)
            order by b.position, b.id)
          from coupons c join businesses b on b.id = c.business_id
          where c.pass_id = held.id and ${liveShopSql('b')}
        ), '[]'::json) as coupons,
        coalesce((
          select json_object_agg(counted.business_id, counted.n)
          from (
            select v.business_id, count(*)::integer as n
            from votes v join businesses b on b.id = v.business_id
            where v.pass_id = held.id and ${liveShopSql('b')}
            group by v.business_id
          ) as counted
        ), '{}'::json) as own_votes,
        coalesce((
          select json_agg(json_build_object(
              'shops', m.shops, 'reward', m.reward, 'translations', m.translations,
              'pickupCode', r.pickup_code,
              'collected', r.collected_at is not null)
            order by m.shops, m.id)
          from milestones m
          left join rewards r on r.milestone_id = m.id and r.pass_id = held.id and r.voided_at is null
          where m.challenge_id = held.challenge_id
        ), '[]'::json) as milestones
      from held`,
  );
  if (!row) throw notFound(NO_PASS_MESSAGE);
  return {
    passId: row.pass_id,
    progress: {
      coupons: row.coupons.map(({ offlineRefusal, ...coupon }) => ({
        ...coupon,
        // In the words the sync was answered with (redemption/service.ts), in `language`
        // (docs/decisions/0049).
        offlineRefusal: offlineRefusal && {
          message: apiMessageIn(
            redeemAnswerOf(offlineRefusal.answer, new Date(offlineRefusal.syncedAt)).message,
            language,
          ),
          enteredAt: new Date(
            offlineRefusal.answer.enteredAt ?? offlineRefusal.syncedAt,
          ).toISOString(),
        },
      })),
      availableVotes: row.available_votes,
      passVotes: row.pass_votes,
      ownVotes: row.own_votes,
      // Each reward in `language` where the organizer wrote it (docs/decisions/0050).
      milestones: row.milestones.map(({ pickupCode, translations, ...tier }) => ({
        ...tier,
        reward: textsIn(tier, translations, MILESTONE_TEXT_FIELDS, language).reward,
        reached: pickupCode !== null,
        ...(pickupCode === null ? {} : { pickupCode }),
      })),
    },
  };
}
