import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { MemberExport } from '#shared/member-data.ts';
import type { Db } from '../db/client.ts';
import {
  businesses,
  challenges,
  coupons,
  mailOutbox,
  milestones,
  passes,
  payments,
  rewards,
  saleAlerts,
  users,
  votes,
} from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { isAddressConfirmed } from '../mail/outbox.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * GET /api/user/export: everything the site holds about the member (docs/decisions/0039): the
 * account, language and mail preference, passes with their coupons, votes and rewards, payments, sale alerts kept for
 * the address, and the mail sent to it. Secrets the site holds for the member's own protection
 * (the password hash, link and unsubscribe tokens) are left out: they are no information about
 * the member and would only help a thief of this file.
 */
export async function exportMemberData(db: Db, userId: number, now: Date): Promise<MemberExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.email === '') throw unauthorized();
  const address = user.email.toLowerCase();

  const held = await db
    .select({
      id: passes.id,
      challenge: challenges.title,
      purchaseDate: passes.purchaseDate,
      active: passes.active,
      inactiveReason: passes.inactiveReason,
    })
    .from(passes)
    .innerJoin(challenges, eq(challenges.id, passes.challengeId))
    .where(eq(passes.userId, userId))
    .orderBy(asc(passes.id));
  const passIds = held.map((pass) => pass.id);
  const heldCoupons =
    passIds.length === 0
      ? []
      : await db
          .select({
            passId: coupons.passId,
            shop: businesses.name,
            redeemed: coupons.redeemed,
            redeemedAt: coupons.redeemedAt,
            firstVisit: coupons.firstVisit,
            enteredAt: coupons.enteredAt,
            syncedAt: coupons.syncedAt,
          })
          .from(coupons)
          .innerJoin(businesses, eq(businesses.id, coupons.businessId))
          .where(inArray(coupons.passId, passIds))
          .orderBy(asc(businesses.position), asc(coupons.id));
  const castVotes =
    passIds.length === 0
      ? []
      : await db
          .select({ passId: votes.passId, shop: businesses.name, votedAt: votes.votedAt })
          .from(votes)
          .innerJoin(businesses, eq(businesses.id, votes.businessId))
          .where(inArray(votes.passId, passIds))
          .orderBy(asc(votes.id));
  const reached =
    passIds.length === 0
      ? []
      : await db
          .select({
            passId: rewards.passId,
            reward: milestones.reward,
            pickupCode: rewards.pickupCode,
            reachedAt: rewards.reachedAt,
            collectedAt: rewards.collectedAt,
            voidedAt: rewards.voidedAt,
          })
          .from(rewards)
          .innerJoin(milestones, eq(milestones.id, rewards.milestoneId))
          .where(inArray(rewards.passId, passIds))
          .orderBy(asc(rewards.id));
  const paid = await db
    .select({
      provider: payments.provider,
      challenge: challenges.title,
      amountCents: payments.amountCents,
      currency: payments.currency,
      status: payments.status,
      createdAt: payments.createdAt,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .innerJoin(challenges, eq(challenges.id, payments.challengeId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.id));
  const alerts = await db
    .select({
      challenge: challenges.title,
      createdAt: saleAlerts.createdAt,
      sentAt: saleAlerts.sentAt,
      unsubscribedAt: saleAlerts.unsubscribedAt,
    })
    .from(saleAlerts)
    .innerJoin(challenges, eq(challenges.id, saleAlerts.challengeId))
    .where(sql`lower(${saleAlerts.email}) = ${address}`)
    .orderBy(asc(saleAlerts.id));
  const mail = await db
    .select({
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = ${address}`)
    .orderBy(asc(mailOutbox.id));

  return {
    exportedAt: iso(now),
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      isOrganizer: user.isAdmin,
      createdAt: iso(user.createdAt),
      emailConfirmed: await isAddressConfirmed(db, user.email),
      language: user.language,
    },
    mailPreferences: { organizerMail: user.organizerMail },
    explorer: { optIn: user.explorerOptIn, displayName: user.explorerName },
    passes: held.map((pass) => ({
      id: pass.id,
      challenge: pass.challenge,
      purchaseDate: iso(pass.purchaseDate),
      active: pass.active,
      inactiveReason: pass.inactiveReason,
      coupons: heldCoupons
        .filter((coupon) => coupon.passId === pass.id)
        .map((coupon) => ({
          shop: coupon.shop,
          redeemed: coupon.redeemed,
          redeemedAt: isoOrNull(coupon.redeemedAt),
          firstVisit: coupon.firstVisit,
          enteredAt: isoOrNull(coupon.enteredAt),
          syncedAt: isoOrNull(coupon.syncedAt),
        })),
      votes: castVotes
        .filter((vote) => vote.passId === pass.id)
        .map((vote) => ({ shop: vote.shop, votedAt: iso(vote.votedAt) })),
      rewards: reached
        .filter((reward) => reward.passId === pass.id)
        .map((reward) => ({
          reward: reward.reward,
          pickupCode: reward.pickupCode,
          reachedAt: iso(reward.reachedAt),
          collectedAt: isoOrNull(reward.collectedAt),
          voidedAt: isoOrNull(reward.voidedAt),
        })),
    })),
    payments: paid.map((payment) => ({
      ...payment,
      createdAt: iso(payment.createdAt),
      updatedAt: iso(payment.updatedAt),
    })),
    saleAlerts: alerts.map((alert) => ({
      challenge: alert.challenge,
      createdAt: iso(alert.createdAt),
      sentAt: isoOrNull(alert.sentAt),
      unsubscribedAt: isoOrNull(alert.unsubscribedAt),
    })),
    mail: mail.map((row) => ({
      subject: row.subject,
      createdAt: iso(row.createdAt),
      sentAt: isoOrNull(row.sentAt),
    })),
  };
}
