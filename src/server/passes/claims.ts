import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CLAIM_GIVEN_AWAY_NOT_REFUNDED,
  CLAIM_NO_LONGER_OPEN,
  CLAIM_NOT_FOUND,
  CLAIM_ORDER_REVERSED,
  CLAIM_PASS_HELD,
  TRANSFER_USED,
  type ClaimDto,
  type SendClaimRequest,
} from '#shared/claims.ts';
import { paths } from '#shared/paths.ts';
import type { Db, Tx } from '../db/client.ts';
import { callRule } from '../db/rule-call.ts';
import {
  challenges,
  passClaims,
  passes,
  payments,
  users,
  type Pass,
  type PassClaim,
} from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { hashLinkToken, newLinkToken } from '../auth/link-token.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passGiftMail, type MailContext } from '../mail/templates.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { issuePass } from './issue.ts';
import { NO_PASS_MESSAGE } from './refusal.ts';

/**
 * Passes for other people (docs/RULES.md rule 24, docs/decisions/0044). A claim is one pass
 * someone else may take: an order's pass beyond the buyer's own, or a pass its holder gave away.
 * Its link carries 256 random bits kept only as a SHA-256, like a reset link; a new link
 * replaces the old. Taking it is one transaction that locks the claim row, so of any number of
 * people racing for one link exactly one gets the pass.
 */

/** A hash no link has: the claim's link is made when its owner first asks for it. */
const unusableTokenHash = () => hashLinkToken(`unissued:${newLinkToken()}`);

/** The order's passes that are not the buyer's own become claims, in the fulfilment's transaction. */
export async function createOrderClaims(
  tx: Tx,
  order: { paymentId: number; ownerId: number; challengeId: number; count: number; now: Date },
): Promise<void> {
  if (order.count <= 0) return;
  await tx.insert(passClaims).values(
    Array.from({ length: order.count }, () => ({
      challengeId: order.challengeId,
      ownerId: order.ownerId,
      paymentId: order.paymentId,
      tokenHash: unusableTokenHash(),
      createdAt: order.now,
    })),
  );
}

/** An order's pass nobody took yet, of an order that stands, can be refunded on its own. */
const isRefundable = (claim: PassClaim, orderStatus: string | null) =>
  claim.status === 'open' && claim.passId === null && orderStatus === 'paid';

export async function listClaims(db: Db, ownerId: number): Promise<ClaimDto[]> {
  const rows = await db
    .select({ claim: passClaims, claimedBy: users.username, orderStatus: payments.status })
    .from(passClaims)
    .leftJoin(users, eq(users.id, passClaims.claimedBy))
    .leftJoin(payments, eq(payments.id, passClaims.paymentId))
    .where(eq(passClaims.ownerId, ownerId))
    .orderBy(desc(passClaims.createdAt), desc(passClaims.id));
  return rows.map(({ claim, claimedBy, orderStatus }) => ({
    id: claim.id,
    challengeId: claim.challengeId,
    status: claim.status,
    ...(claimedBy ? { claimedBy: { username: claimedBy } } : {}),
    ...(claim.sentTo ? { sentTo: claim.sentTo } : {}),
    createdAt: claim.createdAt.toISOString(),
    refundable: isRefundable(claim, orderStatus),
  }));
}

/**
 * POST /api/user/claims/{id}/refund: one pass of an order that nobody took is refunded on its
 * own (its share of the order, through the provider: Stripe's partial refund; the sandbox moves
 * no money), and its link stops working. The order row is locked first, as a provider's full
 * refund locks it before the claims, so the two wait for each other instead of deadlocking; the
 * claim row is locked next, so a refund and a taker racing for one claim are judged one after the
 * other. A provider's failure rolls everything back.
 */
export async function refundClaim(
  db: Db,
  provider: PaymentProvider,
  input: { ownerId: number; claimId: number },
): Promise<{ refundedCents: number }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ paymentId: passClaims.paymentId })
      .from(passClaims)
      .where(and(eq(passClaims.id, input.claimId), eq(passClaims.ownerId, input.ownerId)));
    if (!found) throw notFound('Open pass not found.');
    if (found.paymentId === null) throw conflict(CLAIM_GIVEN_AWAY_NOT_REFUNDED);
    const [order] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, found.paymentId))
      .for('update');
    const [claim] = await tx
      .select()
      .from(passClaims)
      .where(eq(passClaims.id, input.claimId))
      .for('update');
    if (!order || !claim) throw new Error(`claim ${input.claimId} lost its order`);
    if (claim.passId !== null) throw conflict(CLAIM_GIVEN_AWAY_NOT_REFUNDED);
    if (claim.status !== 'open') throw conflict(CLAIM_NO_LONGER_OPEN);
    if (!isRefundable(claim, order.status)) throw conflict(CLAIM_ORDER_REVERSED);

    const share = Math.floor(order.amountCents / order.quantity);
    if (order.providerPaymentId && order.provider === provider.name) {
      await provider.refund(order.providerPaymentId, {
        amountCents: share,
        key: `claim-${String(claim.id)}`,
      });
    }
    await tx.update(passClaims).set({ status: 'refunded' }).where(eq(passClaims.id, claim.id));
    await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${share}` })
      .where(eq(payments.id, order.id));
    return { refundedCents: share };
  });
}

/** The owner's open claim with a fresh link (the old one stops working), or 404. */
async function reissueLink(
  tx: Tx,
  input: { ownerId: number; claimId: number; sentTo?: string },
): Promise<{ token: string; challengeId: number }> {
  const token = newLinkToken();
  const [claim] = await tx
    .update(passClaims)
    .set({
      tokenHash: hashLinkToken(token),
      ...(input.sentTo !== undefined ? { sentTo: input.sentTo } : {}),
    })
    .where(
      and(
        eq(passClaims.id, input.claimId),
        eq(passClaims.ownerId, input.ownerId),
        eq(passClaims.status, 'open'),
      ),
    )
    .returning({ challengeId: passClaims.challengeId });
  if (!claim) throw notFound('Open pass not found.');
  return { token, challengeId: claim.challengeId };
}

/** POST /api/user/claims/{id}/link. */
export async function freshClaimLink(
  db: Db,
  input: { ownerId: number; claimId: number; baseUrl: string },
): Promise<{ url: string }> {
  const { token } = await db.transaction((tx) => reissueLink(tx, input));
  return { url: new URL(paths.claimPass(token), input.baseUrl).toString() };
}

/**
 * POST /api/user/claims/{id}/send: a fresh link mailed through the outbox (docs/decisions/0012),
 * not before `sendAt`. The address nobody confirmed gets it within its daily allowance
 * (docs/decisions/0029), so a pass cannot be used to mail strangers without end.
 */
export async function sendClaim(
  db: Db,
  input: {
    ownerId: number;
    claimId: number;
    request: SendClaimRequest;
    now: Date;
    mail: MailContext;
  },
): Promise<void> {
  const { email, note, sendAt } = input.request;
  await db.transaction(async (tx) => {
    const { token, challengeId } = await reissueLink(tx, { ...input, sentTo: email });
    const [details] = await tx
      .select({
        fromName: users.fullName,
        language: users.language,
        challengeTitle: challenges.title,
      })
      .from(users)
      .innerJoin(challenges, eq(challenges.id, challengeId))
      .where(eq(users.id, input.ownerId));
    if (!details) throw new Error('the owner of an open claim has no account');
    await enqueueMail(
      tx,
      passGiftMail(input.mail, {
        email,
        fromName: details.fromName,
        language: details.language,
        challengeTitle: details.challengeTitle,
        ...(note ? { note } : {}),
        claimPath: paths.claimPass(token),
      }),
      input.now,
      { kind: 'account', perDay: input.mail.unconfirmedPerDay },
      sendAt ? new Date(sendAt) : undefined,
    );
  });
}

/**
 * POST /api/claims/redeem: the link's claim becomes the signed-in person's pass. The claim row is
 * locked first, so racing takers are judged one after another: the first gets the pass, the
 * others find it taken (404). Someone who already holds a pass for that battle is refused (409)
 * and the claim stays open. A transferred pass is handed over as it is; an order's is issued.
 */
export async function redeemClaim(
  db: Db,
  input: { userId: number; token: string; now: Date },
): Promise<Pass> {
  return db.transaction(async (tx) => {
    const openClaim = and(
      eq(passClaims.tokenHash, hashLinkToken(input.token)),
      eq(passClaims.status, 'open'),
    );
    const [found] = await tx
      .select({ paymentId: passClaims.paymentId })
      .from(passClaims)
      .where(openClaim);
    if (!found) throw notFound(CLAIM_NOT_FOUND);
    // The order first, then the claim: the order in which a refund (whole or of one claim) locks
    // them, so a taker and a refund wait for each other instead of deadlocking. A share lock:
    // the takers of an order's other claims do not wait for each other.
    const [order] =
      found.paymentId === null
        ? [null]
        : await tx
            .select({ status: payments.status })
            .from(payments)
            .where(eq(payments.id, found.paymentId))
            .for('share');
    const [claim] = await tx.select().from(passClaims).where(openClaim).for('update');
    if (!claim) throw notFound(CLAIM_NOT_FOUND);
    if (claim.paymentId !== null) {
      if (order?.status !== 'paid') {
        throw conflict(
          'The payment for this pass was refunded or disputed, so it cannot be taken.',
        );
      }
    }
    const [held] = await tx
      .select({ id: passes.id })
      .from(passes)
      .where(and(eq(passes.userId, input.userId), eq(passes.challengeId, claim.challengeId)));
    if (held) throw conflict(CLAIM_PASS_HELD);

    let pass: Pass | undefined;
    if (claim.passId !== null) {
      [pass] = await tx
        .update(passes)
        .set({ userId: input.userId })
        .where(and(eq(passes.id, claim.passId), sql`${passes.userId} is null`))
        .returning();
      if (!pass) throw new Error(`transferred pass ${claim.passId} has a holder`);
    } else {
      const issued = await issuePass(tx, {
        userId: input.userId,
        challengeId: claim.challengeId,
        paymentId: claim.paymentId,
        purchaseDate: input.now,
      });
      // The holder check above and the unique (user, battle) index settle a race with a purchase.
      if (!issued.created) throw conflict(CLAIM_PASS_HELD);
      pass = issued.pass;
    }
    await tx
      .update(passClaims)
      .set({
        status: 'claimed',
        claimedBy: input.userId,
        claimedPassId: pass.id,
        claimedAt: input.now,
      })
      .where(eq(passClaims.id, claim.id));
    return pass;
  });
}

type TransferOutcome =
  | { outcome: 'no-pass' | 'switched-off' | 'ended' | 'used' }
  | { outcome: 'transferred'; claimId: number; passId: number };

/**
 * POST /api/user/pass/transfer: the member's unused pass for the active battle becomes a claim,
 * judged in one call of the database's transfer_pass (src/server/db/rules/transfer_pass.sql),
 * which locks the pass as a redeem or vote does: of a transfer and a redeem at once, one wins.
 */
export async function transferPass(
  db: Db,
  input: { userId: number; now: Date },
): Promise<ClaimDto> {
  const result = await callRule<TransferOutcome>(
    db,
    sql`select transfer_pass(${input.userId}, ${input.now.toISOString()}::timestamptz, ${unusableTokenHash()}) as result`,
  );
  switch (result.outcome) {
    case 'no-pass':
      throw notFound(NO_PASS_MESSAGE);
    case 'switched-off':
      throw conflict('This pass is no longer active, so it cannot be given away.');
    case 'ended':
      throw conflict('This battle has ended, so its passes can no longer be given away.');
    case 'used':
      throw conflict(TRANSFER_USED);
    case 'transferred': {
      const [claim] = (await listClaims(db, input.userId)).filter(
        (listed) => listed.id === result.claimId,
      );
      if (!claim) throw new Error(`claim ${result.claimId} vanished after the transfer`);
      return claim;
    }
  }
}
