import { and, eq, isNull } from 'drizzle-orm';
import {
  type SandboxAction,
  type SandboxSession,
  type VerifyCheckoutResult,
} from '#shared/payments.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  challenges,
  passClaims,
  passes,
  payments,
  promoCodes,
  users,
  webhookEvents,
  type Pass,
  type Payment,
  type User,
} from '../db/schema.ts';
import { countOf } from '#shared/plural.ts';
import { INACTIVE_REASONS } from '#shared/passes.ts';
import { type AppError, badRequest, conflict, notFound } from '../errors.ts';
import type { MailContext } from '../mail/templates.ts';
import { queuePassReceipt, queuePassSwitchedOffNotice } from '../mail/pass-mail.ts';
import { setPassCounted } from '../passes/switch.ts';
import { issuePass } from '../passes/issue.ts';
import { challengeOnSale, PASS_ALREADY_HELD_MESSAGE } from '../passes/sale.ts';
import { findPass } from '../passes/service.ts';
import { createOrderClaims } from '../passes/claims.ts';
import type { Charged, PaymentEvent, PaymentProvider } from './provider.ts';
import { takePromoUse } from './promo-codes.ts';

export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
/** failureReason of a payment refunded because its buyer already held a pass. */
const ALREADY_HELD = 'already_has_pass';

export const REVERSAL_REASONS = INACTIVE_REASONS;

/** An order of one pass for oneself: what every checkout was before rule 24. */
const isSinglePass = (order: { quantity: number; gift: boolean }) =>
  order.quantity === 1 && !order.gift;

/**
 * POST /api/create-checkout-session: a provider session for the challenge on sale, priced by
 * the challenge (never by the request) times the quantity, recorded as a pending payment.
 * Passes beyond the buyer's own (all of them for a gift) become claims (docs/RULES.md rule 24).
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  input: { user: User; now: Date; baseUrl: string; quantity?: number; gift?: boolean },
): Promise<{ url: string }> {
  const challenge = await challengeOnSale(db, input.now);
  const order = { quantity: input.quantity ?? 1, gift: input.gift ?? false };
  if (order.quantity > challenge.maxPassesPerOrder) {
    throw badRequest(
      `One order can buy at most ${countOf(challenge.maxPassesPerOrder, 'pass', 'passes')} for this battle.`,
    );
  }
  // One pass for oneself is refused to a holder; more passes, or a gift, are for other people.
  if (isSinglePass(order) && (await findPass(db, input.user.id, challenge.id)))
    throw conflict(PASS_ALREADY_HELD_MESSAGE);

  const unitAmountCents = challenge.price * 100;
  const amountCents = unitAmountCents * order.quantity;
  const session = await provider.createCheckoutSession({
    amountCents,
    unitAmountCents,
    quantity: order.quantity,
    currency: 'usd',
    productName: `${challenge.title} Battle Pass`,
    userId: input.user.id,
    challengeId: challenge.id,
    customer: {
      email: input.user.email,
      name: input.user.fullName,
      providerCustomerId: provider.name === 'stripe' ? input.user.stripeCustomerId : null,
    },
    successUrl: `${input.baseUrl}/checkout?status=success&session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancelUrl: `${input.baseUrl}/checkout?status=cancelled`,
  });

  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      provider: provider.name,
      providerSessionId: session.sessionId,
      userId: input.user.id,
      challengeId: challenge.id,
      amountCents,
      quantity: order.quantity,
      gift: order.gift,
      currency: 'usd',
      status: 'pending',
    });
    if (session.newCustomerId) {
      await tx
        .update(users)
        .set({ stripeCustomerId: session.newCustomerId })
        .where(and(eq(users.id, input.user.id), isNull(users.stripeCustomerId)));
    }
  });
  return { url: session.url };
}

export type FulfilmentOutcome =
  /** `pass`: the buyer's own, if the order gave them one (none for a gift or a holder's order). */
  | { kind: 'fulfilled'; pass: Pass | null }
  /** The buyer already held a pass: this payment was refunded (Stripe) or nothing was charged. */
  | { kind: 'duplicate_refunded' }
  /** The payment was refunded or disputed before it completed: no pass. */
  | { kind: 'reversed' }
  | { kind: 'unknown_session' };

async function lockPayment(tx: Tx, where: ReturnType<typeof and>): Promise<Payment | null> {
  const [payment] = await tx.select().from(payments).where(where).for('update');
  return payment ?? null;
}

/**
 * THE fulfilment: a paid provider session becomes one pass, whoever reports it first (success
 * page, webhook, sandbox page) and however often. The payment row is locked for the whole
 * decision and issuePass's unique index settles races between two payments of one member.
 */
export async function fulfilPaymentInTx(
  tx: Tx,
  provider: PaymentProvider,
  input: {
    sessionId: string;
    providerPaymentId: string | null;
    /** The provider's total and discount (a Stripe promotion code): recorded on the payment. */
    charged?: Charged | null;
    now: Date;
    mail: MailContext;
  },
): Promise<FulfilmentOutcome> {
  const locked = await lockPayment(
    tx,
    and(eq(payments.provider, provider.name), eq(payments.providerSessionId, input.sessionId)),
  );
  if (!locked) return { kind: 'unknown_session' };
  const payment = await recordDiscount(tx, locked, input.charged);
  if (payment.status === 'refunded' || payment.status === 'disputed') {
    return payment.failureReason === ALREADY_HELD
      ? { kind: 'duplicate_refunded' }
      : { kind: 'reversed' };
  }
  if (payment.status === 'paid') {
    const [pass] = await tx
      .select()
      .from(passes)
      .where(and(eq(passes.paymentId, payment.id), eq(passes.userId, payment.userId)));
    if (pass || !isSinglePass(payment)) return { kind: 'fulfilled', pass: pass ?? null };
  }

  const providerPaymentId = input.providerPaymentId ?? payment.providerPaymentId;
  if (!isSinglePass(payment)) return fulfilOrderForOthers(tx, payment, providerPaymentId, input);
  const { pass, created } = await issuePass(tx, {
    userId: payment.userId,
    challengeId: payment.challengeId,
    paymentId: payment.id,
    purchaseDate: input.now,
  });
  if (!created && pass.paymentId !== payment.id) {
    // A second payment for a pass already held is never kept: refund it before recording so a
    // failed refund rolls back and the provider's redelivery tries again.
    if (providerPaymentId) await provider.refund(providerPaymentId);
    await tx
      .update(payments)
      .set({
        status: 'refunded',
        failureReason: ALREADY_HELD,
        providerPaymentId,
        updatedAt: input.now,
      })
      .where(eq(payments.id, payment.id));
    return { kind: 'duplicate_refunded' };
  }
  await tx
    .update(payments)
    .set({ status: 'paid', failureReason: null, providerPaymentId, updatedAt: input.now })
    .where(eq(payments.id, payment.id));
  if (created) await queuePassReceipt(tx, input.mail, payment, input.now);
  return { kind: 'fulfilled', pass };
}

/**
 * A pending payment completed with a Stripe promotion code (docs/decisions/0044): what Checkout
 * charged and the discount, from the session, replace the price recorded at checkout. The row
 * is locked; a payment already settled keeps its amounts.
 */
async function recordDiscount(
  tx: Tx,
  payment: Payment,
  charged: Charged | null | undefined,
): Promise<Payment> {
  if (!charged || charged.discountCents === 0 || payment.status !== 'pending') return payment;
  await tx
    .update(payments)
    .set({ amountCents: charged.amountCents, discountCents: charged.discountCents })
    .where(eq(payments.id, payment.id));
  return { ...payment, ...charged };
}

/**
 * An order of several passes or a gift (docs/RULES.md rule 24): the buyer gets one pass unless it
 * is a gift or they already hold one, and every other pass becomes a claim. Called once per
 * payment: the caller holds the payment row's lock and returns earlier once it is paid.
 */
async function fulfilOrderForOthers(
  tx: Tx,
  payment: Payment,
  providerPaymentId: string | null,
  input: { now: Date; mail: MailContext },
): Promise<FulfilmentOutcome> {
  const own = payment.gift
    ? null
    : await issuePass(tx, {
        userId: payment.userId,
        challengeId: payment.challengeId,
        paymentId: payment.id,
        purchaseDate: input.now,
      });
  const ownPass = own?.created ? own.pass : null;
  await createOrderClaims(tx, {
    paymentId: payment.id,
    ownerId: payment.userId,
    challengeId: payment.challengeId,
    count: payment.quantity - (ownPass ? 1 : 0),
    now: input.now,
  });
  await tx
    .update(payments)
    .set({ status: 'paid', failureReason: null, providerPaymentId, updatedAt: input.now })
    .where(eq(payments.id, payment.id));
  await queuePassReceipt(tx, input.mail, payment, input.now);
  return { kind: 'fulfilled', pass: ownPass };
}

/** The success toast of a pass bought for oneself (docs/SPEC.md section 4). */
const PASS_ACTIVATED = 'Your battle pass has been activated!';

/** What the success page says of a fulfilled order: the buyer's pass, and the passes to give. */
function fulfilledMessage(order: Payment): string {
  if (isSinglePass(order)) return PASS_ACTIVATED;
  // Whole sentences, each its own catalog entry (src/server/i18n/api).
  if (!order.gift)
    return `${PASS_ACTIVATED} Your other passes are ready to give. Share them from your pass page: each link gives one pass to one person.`;
  const quantity = String(order.quantity);
  return order.quantity === 1
    ? 'Your pass to give is ready. Share it from your pass page: its link gives one pass to one person.'
    : `Your ${quantity} passes to give are ready. Share them from your pass page: each link gives one pass to one person.`;
}

/** A verify-checkout answer that activated nothing. */
const notActivated = (message: string, requiresRegistration = false): VerifyCheckoutResult => ({
  success: false,
  requiresRegistration,
  message,
  passesToGive: 0,
});

function resultOf(outcome: FulfilmentOutcome['kind'], order: Payment): VerifyCheckoutResult {
  switch (outcome) {
    case 'fulfilled':
      return {
        success: true,
        requiresRegistration: false,
        message: fulfilledMessage(order),
        passesToGive: order.gift ? order.quantity : order.quantity - 1,
      };
    case 'duplicate_refunded':
      return notActivated('You already had a battle pass, so this payment was refunded.');
    case 'reversed':
      return notActivated('This payment was refunded or disputed.');
    case 'unknown_session':
      throw notFound('Checkout session not found.');
  }
}

/**
 * GET /api/verify-checkout: the success page asks whether its session is paid, and fulfils it
 * when the webhook has not yet. Only the buyer's own session answers.
 */
export async function verifyCheckout(
  db: Db,
  provider: PaymentProvider,
  input: { userId: number | null; sessionId: string; now: Date; mail: MailContext },
): Promise<VerifyCheckoutResult> {
  if (input.userId === null) {
    return notActivated('Please sign in to finish activating your battle pass.', true);
  }
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.provider, provider.name), eq(payments.providerSessionId, input.sessionId)),
    );
  // Someone else's session answers exactly like one that does not exist.
  if (!payment || payment.userId !== input.userId) throw notFound('Checkout session not found.');

  switch (payment.status) {
    case 'pending': {
      const session = await provider.retrieveSession(input.sessionId);
      if (!session?.paid) return notActivated('Your payment has not been completed yet.');
      const outcome = await db.transaction((tx) =>
        fulfilPaymentInTx(tx, provider, {
          sessionId: input.sessionId,
          providerPaymentId: session.providerPaymentId,
          charged: session.charged,
          now: input.now,
          mail: input.mail,
        }),
      );
      return resultOf(outcome.kind, payment);
    }
    case 'paid':
      return resultOf('fulfilled', payment);
    case 'refunded':
    case 'disputed':
      return resultOf(
        payment.failureReason === ALREADY_HELD ? 'duplicate_refunded' : 'reversed',
        payment,
      );
    case 'declined':
      return notActivated(
        `Your payment was declined: ${(payment.failureReason ?? 'unknown reason').replaceAll('_', ' ')}.`,
      );
    case 'cancelled':
      return notActivated('This checkout was cancelled.');
    case 'expired':
      return notActivated('This checkout session expired. Please start again.');
  }
}

/** A signed provider event, handled once: the event id is stored in the same transaction. */
export async function handlePaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  now: Date,
  mail: MailContext,
): Promise<'duplicate' | 'handled' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!fresh) return 'duplicate';

    switch (event.kind) {
      case 'checkout_completed': {
        if (!event.paid) return 'ignored';
        const outcome = await fulfilPaymentInTx(tx, provider, {
          sessionId: event.sessionId,
          providerPaymentId: event.providerPaymentId,
          charged: event.charged,
          now,
          mail,
        });
        return outcome.kind === 'unknown_session' ? 'ignored' : 'handled';
      }
      case 'checkout_expired': {
        const closed = await tx
          .update(payments)
          .set({ status: 'expired', updatedAt: now })
          .where(
            and(
              eq(payments.provider, provider.name),
              eq(payments.providerSessionId, event.sessionId),
              eq(payments.status, 'pending'),
            ),
          )
          .returning({ id: payments.id });
        return closed.length ? 'handled' : 'ignored';
      }
      case 'payment_reversed':
        return (await reversePayment(tx, provider, event, now, mail)) ? 'handled' : 'ignored';
      case 'dispute_won':
        return (await reinstateDisputedPayment(tx, provider, event, now)) ? 'handled' : 'ignored';
      case 'ignored':
        return 'ignored';
    }
  });
}

/**
 * A full refund or an opened dispute: the payment is marked and the pass it bought goes
 * inactive. When this arrives before the completion event, the payment is found through its
 * session and marked, so the later completion issues no pass.
 */
async function reversePayment(
  tx: Tx,
  provider: PaymentProvider,
  event: Extract<PaymentEvent, { kind: 'payment_reversed' }>,
  now: Date,
  mail: MailContext,
): Promise<boolean> {
  let payment = await lockPayment(
    tx,
    and(
      eq(payments.provider, provider.name),
      eq(payments.providerPaymentId, event.providerPaymentId),
    ),
  );
  if (!payment) {
    const sessionId = await provider.sessionIdForPayment(event.providerPaymentId);
    if (sessionId) {
      payment = await lockPayment(
        tx,
        and(eq(payments.provider, provider.name), eq(payments.providerSessionId, sessionId)),
      );
    }
  }
  if (!payment) return false;

  await tx
    .update(payments)
    // A refund is final: a dispute opened on a refunded payment must not make it winnable again.
    .set({
      status: payment.status === 'refunded' ? 'refunded' : event.reason,
      providerPaymentId: event.providerPaymentId,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  // Only the passes this payment bought (an order's may be held by several people): refunding a
  // duplicate payment leaves the real pass alone. Its passes nobody took yet cannot be taken.
  const bought = await tx.select().from(passes).where(eq(passes.paymentId, payment.id));
  const reason = REVERSAL_REASONS[event.reason];
  const correction =
    event.reason === 'refunded' ? 'A pass was refunded' : 'A pass’s payment was disputed';
  for (const pass of bought) {
    if (await setPassCounted(tx, pass.id, { counted: false, reason }, { now, correction })) {
      await queuePassSwitchedOffNotice(tx, mail, { passId: pass.id, reason }, now);
    }
  }
  if (event.reason === 'refunded') {
    await tx
      .update(passClaims)
      .set({ status: 'refunded' })
      .where(and(eq(passClaims.paymentId, payment.id), eq(passClaims.status, 'open')));
  }
  return true;
}

/**
 * A dispute closed in the site's favour: the payment counts as paid again and the pass it bought
 * works again, its votes counted again. Only a disputed payment: a refunded one stays refunded.
 */
async function reinstateDisputedPayment(
  tx: Tx,
  provider: PaymentProvider,
  event: Extract<PaymentEvent, { kind: 'dispute_won' }>,
  now: Date,
): Promise<boolean> {
  const payment = await lockPayment(
    tx,
    and(
      eq(payments.provider, provider.name),
      eq(payments.providerPaymentId, event.providerPaymentId),
      eq(payments.status, 'disputed'),
    ),
  );
  if (!payment) return false;
  await tx
    .update(payments)
    .set({ status: 'paid', updatedAt: now })
    .where(eq(payments.id, payment.id));
  const bought = await tx.select().from(passes).where(eq(passes.paymentId, payment.id));
  for (const pass of bought) {
    await setPassCounted(
      tx,
      pass.id,
      { counted: true },
      { now, correction: 'A disputed pass won its dispute and counts again' },
    );
  }
  return true;
}

/** The sandbox payment page's view of its session; only the buyer may open it. */
export async function findSandboxSession(
  db: Db,
  input: { userId: number; sessionId: string },
): Promise<SandboxSession> {
  const [row] = await db
    .select({ payment: payments, title: challenges.title, promoCode: promoCodes.code })
    .from(payments)
    .innerJoin(challenges, eq(challenges.id, payments.challengeId))
    .leftJoin(promoCodes, eq(promoCodes.id, payments.promoCodeId))
    .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerSessionId, input.sessionId)));
  if (!row || row.payment.userId !== input.userId) throw notFound('Checkout session not found.');
  return {
    sessionId: input.sessionId,
    description:
      row.payment.quantity === 1
        ? `${row.title} Battle Pass`
        : `${row.title} Battle Pass × ${row.payment.quantity}`,
    battleTitle: row.title,
    quantity: row.payment.quantity,
    amountCents: row.payment.amountCents,
    discountCents: row.payment.discountCents,
    promoCode: row.promoCode,
    currency: row.payment.currency,
    status: row.payment.status,
  };
}

/**
 * The sandbox page's Pay, Decline and Cancel, answered with where the browser goes next, just
 * as a hosted checkout returns to the success or cancel URL. Pay is refused when a pass is held.
 */
export async function settleSandboxSession(
  db: Db,
  provider: PaymentProvider,
  input: { userId: number; sessionId: string; action: SandboxAction; now: Date; mail: MailContext },
): Promise<{ redirectUrl: string }> {
  const back = (query: Record<string, string>) =>
    `/checkout?${new URLSearchParams({ ...query, session_id: input.sessionId }).toString()}`;
  type Settled = { redirectUrl: string } | { promoRefused: AppError };
  const settled = await db.transaction(async (tx): Promise<Settled> => {
    const payment = await lockPayment(
      tx,
      and(eq(payments.provider, 'sandbox'), eq(payments.providerSessionId, input.sessionId)),
    );
    if (!payment || payment.userId !== input.userId) throw notFound('Checkout session not found.');
    if (payment.status === 'paid' && input.action.action === 'pay')
      return { redirectUrl: back({ status: 'success' }) };
    if (payment.status !== 'pending') throw conflict('This checkout session is already closed.');

    const decline = async (reason: string) => {
      await tx
        .update(payments)
        .set({ status: 'declined', failureReason: reason, updatedAt: input.now })
        .where(eq(payments.id, payment.id));
      return { redirectUrl: back({ status: 'error', reason }) };
    };
    switch (input.action.action) {
      case 'cancel':
        await tx
          .update(payments)
          .set({ status: 'cancelled', updatedAt: input.now })
          .where(eq(payments.id, payment.id));
        return { redirectUrl: back({ status: 'cancelled' }) };
      case 'decline':
        return decline(input.action.reason);
      case 'pay': {
        const [held] = await tx
          .select({ id: passes.id })
          .from(passes)
          .where(
            and(eq(passes.userId, payment.userId), eq(passes.challengeId, payment.challengeId)),
          );
        if (held && isSinglePass(payment)) return decline('You_already_have_a_battle_pass');
        const promo = await takePromoUse(tx, payment, input.now);
        if (promo.refusal !== null) return { promoRefused: promo.refusal };
        const outcome = await fulfilPaymentInTx(tx, provider, {
          sessionId: input.sessionId,
          providerPaymentId: `sbx_pay_${payment.id}`,
          now: input.now,
          mail: input.mail,
        });
        if (outcome.kind !== 'fulfilled') return decline('You_already_have_a_battle_pass');
        await promo.commit();
        return { redirectUrl: back({ status: 'success' }) };
      }
    }
  });
  // The promo code went (used up or expired) while the page was open: the payment is back at its
  // full price, committed, and this Pay is refused so the buyer sees the new total first.
  if ('promoRefused' in settled) throw settled.promoRefused;
  return settled;
}
