import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';

/** One broken invariant: its name, and the rows (at most a few) that break it. */
export interface DataProblem {
  invariant: string;
  rows: Record<string, unknown>[];
  /** How many rows break it in all. */
  count: number;
}

export interface DataCheck {
  ok: boolean;
  /** Every invariant checked, in order, whether it holds. */
  checked: string[];
  problems: DataProblem[];
}

/** Rows shown per broken invariant; the count says how many there are. */
const SHOWN_ROWS = 5;

/**
 * The money-and-votes invariants (docs/RULES.md rules 2, 6, 7, 8 and docs/decisions/0010), as
 * queries that return the rows breaking them: empty when the invariant holds. The one home of
 * these checks: `npm run check-data`, restore and the reliability tests all call checkData.
 */
export const INVARIANTS: { name: string; query: ReturnType<typeof sql> }[] = [
  {
    // docs/decisions/0010: a live shop's counter equals its counted votes; a deleted shop's is 0.
    name: 'each shop’s vote counter equals its counted votes',
    query: sql`
      select b.id as shop_id, b.vote_count, counted
      from businesses b,
        lateral (select count(*)::int as counted from votes v join passes p on p.id = v.pass_id
          where v.business_id = b.id and p.active) c
      where b.vote_count <> case when b.deleted_at is null then counted else 0 end
      order by b.id`,
  },
  {
    // docs/RULES.md rule 2: a pass never casts more votes than it redeemed coupons.
    name: 'no pass cast more votes than it redeemed coupons',
    query: sql`
      select p.id as pass_id, v.cast, c.redeemed
      from passes p,
        lateral (select count(*)::int as cast from votes where pass_id = p.id) v,
        lateral (select count(*)::int as redeemed from coupons where pass_id = p.id and redeemed) c
      where v.cast > c.redeemed
      order by p.id`,
  },
  {
    // docs/RULES.md rule 7: every counted pass holds the coupon of every live shop of its battle.
    name: 'each active pass holds a coupon per live shop',
    query: sql`
      select p.id as pass_id, b.id as shop_id
      from passes p
      join businesses b on b.challenge_id = p.challenge_id and b.deleted_at is null
      where p.active
        and not exists (select from coupons c where c.pass_id = p.id and c.business_id = b.id)
      order by p.id, b.id`,
  },
  {
    // docs/RULES.md rules 6 and 24: every paid payment bought its quantity of passes, each held
    // by someone (the buyer, whoever took its claim), still an open claim of the order's, or
    // refunded on its own, its share of the amount given back.
    name: 'each paid payment bought its quantity of passes',
    query: sql`
      select pay.id as payment_id, pay.quantity, bought.passes, bought.refunded
      from payments pay
      cross join lateral (
        select (select count(*)::int from passes where payment_id = pay.id)
          + (select count(*)::int from pass_claims
             where payment_id = pay.id and pass_id is null and status = 'open') as passes,
          (select count(*)::int from pass_claims
             where payment_id = pay.id and pass_id is null and status = 'refunded') as refunded
      ) bought
      where pay.status = 'paid' and (
        bought.passes + bought.refunded <> pay.quantity
        or pay.refunded_cents <> bought.refunded * (pay.amount_cents / pay.quantity)
      )
      order by pay.id`,
  },
  {
    // A pass bought with a payment rests on money that came in: paid, or since refunded or
    // disputed (which switched the pass off, payments/service.ts).
    name: 'each bought pass rests on a payment that was paid',
    query: sql`
      select p.id as pass_id, pay.id as payment_id, pay.status
      from passes p join payments pay on pay.id = p.payment_id
      where pay.status not in ('paid', 'refunded', 'disputed')
        or (p.active and pay.status <> 'paid')
      order by p.id`,
  },
  {
    // docs/RULES.md rules 12 and 24: one pass per member and battle.
    name: 'one pass per member and battle',
    query: sql`
      select user_id, challenge_id, count(*)::int as passes
      from passes where user_id is not null
      group by user_id, challenge_id having count(*) > 1
      order by user_id, challenge_id`,
  },
  {
    // docs/RULES.md rule 24: a pass held by nobody is one being transferred, waiting in its claim.
    // A pass given away and not yet taken waits in its claim; if its order is refunded meanwhile,
    // the claim is refunded with it and the pass, switched off, stays with nobody.
    name: 'each pass held by nobody waits in one open claim, or was refunded off in it',
    query: sql`
      select p.id as pass_id
      from passes p
      where p.user_id is null
        and (select count(*) from pass_claims c where c.pass_id = p.id and c.status = 'open') <> 1
        and (p.active or not exists (
          select 1 from pass_claims c where c.pass_id = p.id and c.status = 'refunded'))
      order by p.id`,
  },
  {
    // docs/RULES.md rule 24: a voucher's count of uses is the free passes it gave, within its
    // battle (a free pass has no payment: the passes table's own check).
    name: 'each voucher gave as many passes as it counts, for its battle',
    query: sql`
      select v.id as voucher_id, v.uses, count(p.id)::int as passes
      from vouchers v left join passes p on p.voucher_id = v.id
      group by v.id
      having count(p.id) <> v.uses
        or bool_or(p.challenge_id <> v.challenge_id)
      order by v.id`,
  },
  {
    // docs/decisions/0044: a promo code's count of uses is the orders paid with it (a refund or
    // dispute later keeps the use), all in its battle; nothing pending or declined took one.
    name: 'each promo code counts the paid orders carrying it, for its battle',
    query: sql`
      select pc.id as promo_code_id, pc.uses, count(pay.id)::int as paid_orders
      from promo_codes pc left join payments pay on pay.promo_code_id = pc.id
        and pay.status in ('paid', 'refunded', 'disputed')
      group by pc.id
      having count(pay.id) <> pc.uses
        or bool_or(pay.challenge_id <> pc.challenge_id)
      order by pc.id`,
  },
  {
    // docs/decisions/0046: a tier never gave more rewards than its stock, and only to passes of
    // its own battle; a voided reward is a cancelled pass's and was never collected.
    name: 'each milestone gave rewards within its stock, to passes of its battle',
    query: sql`
      select m.id as milestone_id, m.stock, count(r.id) filter (where r.voided_at is null)::int as issued
      from milestones m left join rewards r on r.milestone_id = m.id
      left join passes p on p.id = r.pass_id
      group by m.id
      having (m.stock is not null and count(r.id) filter (where r.voided_at is null) > m.stock)
        or bool_or(p.challenge_id <> m.challenge_id)
      order by m.id`,
  },
];

/** Runs every invariant against the database. */
export async function checkData(db: Db): Promise<DataCheck> {
  const problems: DataProblem[] = [];
  for (const invariant of INVARIANTS) {
    const rows = await queryRows<Record<string, unknown>>(db, invariant.query);
    if (rows.length > 0)
      problems.push({
        invariant: invariant.name,
        rows: rows.slice(0, SHOWN_ROWS),
        count: rows.length,
      });
  }
  return { ok: problems.length === 0, checked: INVARIANTS.map((i) => i.name), problems };
}

/** The report `npm run check-data` prints: one line per invariant, then the offending rows. */
export function dataCheckReport(check: DataCheck): string {
  const broken = new Map(check.problems.map((problem) => [problem.invariant, problem]));
  const lines = check.checked.map((name) => {
    const problem = broken.get(name);
    if (!problem) return `ok    ${name}`;
    const shown = problem.rows.map((row) => `        ${JSON.stringify(row)}`);
    const more = problem.count > problem.rows.length ? [`        … ${problem.count} in all`] : [];
    return [`FAIL  ${name} (${problem.count})`, ...shown, ...more].join('\n');
  });
  lines.push(
    check.ok
      ? 'All invariants hold.'
      : `${check.problems.length} of ${check.checked.length} invariants do not hold.`,
  );
  return lines.join('\n');
}
