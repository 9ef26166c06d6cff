import { sql, type SQL } from 'drizzle-orm';
import type { Audience } from '#shared/messages.ts';
import type { SiteLanguages } from '#shared/languages.ts';
import { liveShopSql } from '../businesses/live.ts';

/*
 * Who organizer mail reaches (docs/RULES.md rule 20, docs/decisions/0025): the one home of the
 * organizer's audiences and of the reminder's, as SQL over `p` (passes) and `u` (users).
 */

/**
 * The challenge's holders who get organizer mail, as the `from … where` of a query: members with
 * an active (counted) pass of the challenge who have not unsubscribed.
 */
export const holdersOf = (challengeId: number): SQL =>
  sql`from passes p join users u on u.id = p.user_id
      where p.challenge_id = ${challengeId} and p.active and u.organizer_mail`;

/** Pass p's coupons not yet redeemed at a live shop (rule 8: a deleted shop's coupon is gone). */
const unusedCoupons = sql`from coupons c join businesses b on b.id = c.business_id
  where c.pass_id = p.id and not c.redeemed and ${liveShopSql('b')}`;

/** How many coupons pass p has left to redeem. */
export const unusedCouponCount = sql`(select count(*) ${unusedCoupons})`;

/** How many votes pass p has left to cast: rule 2's available votes. */
export const unusedVoteCount = sql`available_votes(p.id)`;

/** An organizer message's audience, as a condition on the holders of holdersOf. */
export function audienceCondition(audience: Audience): SQL {
  switch (audience) {
    case 'all':
      return sql`true`;
    case 'no-redemptions':
      return sql`not exists (select 1 from coupons c where c.pass_id = p.id and c.redeemed)`;
    case 'unused-coupons':
      return sql`exists (select 1 ${unusedCoupons})`;
    case 'unused-votes':
      return sql`${unusedVoteCount} > 0`;
  }
}

/**
 * The reminder's audience (docs/RULES.md rule 20): the holders with something left, and what is
 * left, one row per pass: `pass_id`, `email`, `language`, `mail_token`, `coupons`, `votes`.
 */
export const reminderRecipients = (challengeId: number): SQL =>
  sql`select pass_id, email, language, mail_token, coupons, votes from (
      select p.id as pass_id, u.email, u.language, u.mail_token,
        ${unusedCouponCount} as coupons, ${unusedVoteCount} as votes
      ${holdersOf(challengeId)}
    ) left_over
    where coupons > 0 or votes > 0`;

/**
 * The members whose email speaks `language` (docs/decisions/0049), as a condition on `u`: their
 * saved language, or the default's for those who chose none or one the site no longer has.
 */
export function speaks(language: string, { languages, defaultLanguage }: SiteLanguages): SQL {
  if (language !== defaultLanguage) return sql`u.language = ${language}`;
  const others = languages.filter((other) => other !== defaultLanguage);
  if (others.length === 0) return sql`true`;
  return sql`(u.language is null or u.language not in (${sql.join(
    others.map((other) => sql`${other}`),
    sql`, `,
  )}))`;
}
