import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { hasEnded } from '#shared/challenge-phase.ts';
import {
  bytesOfHex,
  drawEntriesCsv,
  drawWinners,
  sha256Hex,
  DRAW_AFTER_END_MESSAGE,
  DRAW_ENTRIES_NOT_YET_MESSAGE,
  DRAW_NOT_FOUND_MESSAGE,
  DRAW_NOT_YET_MESSAGE,
  DRAW_PRIZE_TAKEN_MESSAGE,
  type AdminDraw,
  type CreatedDraw,
  type DrawEntry,
  type DrawInput,
  type MemberDraws,
} from '#shared/draws.ts';
import { entriesOfPass, minimumShopsOf } from '#shared/draw-entries.ts';
import { SITE_LANGUAGES, type SiteLanguages } from '#shared/languages.ts';
import { paths } from '#shared/paths.ts';
import { DRAW_TEXT_FIELDS, textsIn } from '#shared/translations.ts';
import type { PublicDraw } from '#shared/draws.ts';
import { challengeInPhase } from '../challenges/phase.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import {
  challenges,
  passes,
  prizeDraws,
  users,
  type Challenge,
  type Pass,
  type PrizeDraw,
} from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { drawWinnerMail, type MailContext } from '../mail/templates.ts';
import { passPseudonymSql } from '../audit-trail/pseudonym.ts';
import { countedRedemptionSql } from '../voting/counted.ts';
import { requireChallenge, requirePublishedChallenge } from '../challenges/require.ts';
import { checkedTranslations, contentLanguageOf } from '../challenges/content-language.ts';

/** 32 bytes, as docs/RULES.md rule 19 publishes it. */
const SEED_BYTES = 32;

/**
 * POST /api/admin/challenges/{id}/draws: the seed is drawn here and stays in the database; only
 * its SHA-256 leaves, so the draw is fixed before anyone knows the entries (docs/RULES.md rule 19).
 */
export async function createDraw(
  db: Db,
  input: {
    challengeId: number;
    draw: Omit<DrawInput, 'translations'> & Partial<Pick<DrawInput, 'translations'>>;
    createdBy: number;
    now: Date;
  },
  site: SiteLanguages = SITE_LANGUAGES,
): Promise<CreatedDraw> {
  const challenge = await requireChallenge(db, input.challengeId);
  if (hasEnded(challenge, input.now)) throw conflict(DRAW_AFTER_END_MESSAGE);
  const translations = checkedTranslations(
    input.draw.translations ?? {},
    contentLanguageOf(challenge, site),
    site,
  );
  const seed = randomBytes(SEED_BYTES).toString('hex');
  const [row] = await db
    .insert(prizeDraws)
    .values({
      challengeId: challenge.id,
      prize: input.draw.prize,
      winnerCount: input.draw.winnerCount,
      entries: input.draw.entries,
      translations,
      seed,
      commitment: await sha256Hex(bytesOfHex(seed)),
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    // docs/RULES.md rule 23: one draw per prize (the index ignores letter case).
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(DRAW_PRIZE_TAKEN_MESSAGE);
  const { id, prize, winnerCount, entries, commitment } = row;
  return { id, prize, winnerCount, entries, commitment };
}

/** What anyone may see: the seed, the file's hash and the winners only once revealed. */
export function toPublicDraw(draw: PrizeDraw): PublicDraw {
  const revealed = draw.revealedAt !== null;
  return {
    id: draw.id,
    prize: draw.prize,
    winnerCount: draw.winnerCount,
    entries: draw.entries,
    commitment: draw.commitment,
    seed: revealed ? draw.seed : null,
    entriesCsvSha256: revealed ? draw.entriesCsvSha256 : null,
    winners: revealed ? draw.winners : null,
    createdAt: draw.createdAt.toISOString(),
    revealedAt: draw.revealedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/challenges/{id}/draws, oldest first; a published challenge with none answers [], a
 * draft 404 (docs/decisions/0028). Public from each draw's commitment (docs/RULES.md rule 23).
 * Each prize in `language` (else the content language's); without one, as written: the published
 * results keep the words they were published with.
 */
export async function publicDrawsOf(
  db: Db,
  challengeId: number,
  language?: string,
): Promise<PublicDraw[]> {
  await requirePublishedChallenge(db, challengeId);
  return (await drawsOf(db, challengeId)).map((draw) =>
    language === undefined ? toPublicDraw(draw) : publicDrawIn(draw, language),
  );
}

/** A draw as read in `language`: its prize in that language, else the battle's content language's. */
function publicDrawIn(draw: PrizeDraw, language: string): PublicDraw {
  return textsIn(toPublicDraw(draw), draw.translations, DRAW_TEXT_FIELDS, language);
}

/**
 * A pass that may enter draws: a free pass from a voucher only when its battle lets voucher passes
 * vote (docs/RULES.md rule 24). In a raw query that names the passes table `p` and its battle `c`.
 */
const entersDrawsSql = sql`(p.voucher_id is null or c.voucher_passes_vote)`;

/**
 * GET /api/user/draws: the member's pass pseudonym and their entries in each draw of its
 * battle (each prize in `language`, else the battle's content language's), counted as entriesOf will count them at the reveal (a counted pass, live shops,
 * coupons redeemed by the end).
 */
export async function memberDrawsOf(
  db: Db,
  pass: Pass,
  challenge: Challenge,
  language: string,
): Promise<MemberDraws> {
  const [row] = await queryRows<{ pass: string; redeemed: number }>(
    db,
    sql`select ${passPseudonymSql(sql`c.audit_salt`, sql`p.id`)} as pass,
        (select count(*)::int from coupons k join businesses b on b.id = k.business_id
          where k.pass_id = p.id and b.challenge_id = c.id
            and ${countedRedemptionSql('k', 'p', 'b', sql`c.end_date`)}
            and ${entersDrawsSql}) as redeemed
      from passes p join challenges c on c.id = p.challenge_id
      where p.id = ${pass.id}`,
  );
  const redeemed = Number(row?.redeemed ?? 0);
  return {
    pass: row?.pass ?? '',
    draws: (await drawsOf(db, challenge.id)).map((draw) => ({
      id: draw.id,
      prize: textsIn(draw, draw.translations, DRAW_TEXT_FIELDS, language).prize,
      winnerCount: draw.winnerCount,
      entries: draw.entries,
      yourEntries: entriesOfPass(draw.entries, redeemed),
      revealed: draw.revealedAt !== null,
      // A pass wins at most once per draw (drawWinners takes each pass once).
      youWon: draw.revealedAt !== null && (draw.winnerPassIds ?? []).includes(pass.id),
    })),
  };
}

async function drawsOf(db: Db, challengeId: number) {
  return db
    .select()
    .from(prizeDraws)
    .where(eq(prizeDraws.challengeId, challengeId))
    .orderBy(asc(prizeDraws.id));
}

/** The organizer's view: each draw with its winners' usernames and emails once revealed. */
export async function adminDrawsOf(db: Db, challengeId: number): Promise<AdminDraw[]> {
  await requireChallenge(db, challengeId);
  const draws = await drawsOf(db, challengeId);
  const passIds = draws.flatMap((draw) => draw.winnerPassIds ?? []);
  const accounts = new Map(
    passIds.length === 0
      ? []
      : (
          await db
            .select({
              passId: passes.id,
              username: users.username,
              email: users.email,
              language: users.language,
            })
            .from(passes)
            .innerJoin(users, eq(users.id, passes.userId))
            .where(inArray(passes.id, passIds))
        ).map((row) => [row.passId, row]),
  );
  return draws.map((draw) => toAdminDraw(draw, accounts));
}

function toAdminDraw(
  draw: PrizeDraw,
  accounts: Map<number, { username: string; email: string }>,
): AdminDraw {
  const winners = draw.revealedAt ? (draw.winners ?? []) : null;
  return {
    ...toPublicDraw(draw),
    challengeId: draw.challengeId,
    translations: draw.translations,
    winnerAccounts:
      winners &&
      winners.map((pass, index) => {
        const account = accounts.get(draw.winnerPassIds?.[index] ?? -1);
        return { pass, username: account?.username ?? '', email: account?.email ?? '' };
      }),
  };
}

/**
 * The draw's entries from the counted state (what votes.csv counts: an active pass, a live shop,
 * coupons redeemed by the end): one per redeemed coupon, one per pass with at least one, or one
 * per pass with at least N (a pass has one coupon per shop, so its counted coupons are its
 * distinct shops). Ordered by pseudonym (then coupon), so entry ids say nothing about who bought
 * first; entry_id is the row's number in the file.
 */
async function entriesOf(tx: Tx, draw: PrizeDraw, challenge: Challenge) {
  const pseudonym = passPseudonymSql(sql`c.audit_salt`, sql`p.id`);
  const counted = sql`from coupons k
      join passes p on p.id = k.pass_id
      join businesses b on b.id = k.business_id
      join challenges c on c.id = p.challenge_id
    where p.challenge_id = ${challenge.id} and b.challenge_id = ${challenge.id}
      and ${countedRedemptionSql('k', 'p', 'b', sql`${challenge.endDate.toISOString()}::timestamptz`)}
      and ${entersDrawsSql}`;
  const rows = await queryRows<{ pass_id: number; pass: string }>(
    tx,
    draw.entries === 'coupons'
      ? sql`select p.id as pass_id, ${pseudonym} as pass ${counted} order by 2, k.id`
      : sql`select p.id as pass_id, ${pseudonym} as pass ${counted} group by p.id, c.audit_salt
          having count(*) >= ${minimumShopsOf(draw.entries) ?? 1} order by 2`,
  );
  const passIdOf = new Map(rows.map((row) => [row.pass, Number(row.pass_id)]));
  const entries: DrawEntry[] = rows.map((row, index) => ({
    entryId: String(index + 1),
    pass: row.pass,
  }));
  return { entries, passIdOf };
}

/**
 * Reveals a draw once the battle has ended: fixes its entries file, publishes the seed and the
 * winners, and mails the winners, all in one transaction. The draw's row is locked first, so
 * parallel reveals (the scheduler on two instances, an organizer's click) are judged one after
 * another and the later ones find it revealed and change nothing.
 */
export async function revealDraw(
  db: Db,
  drawId: number,
  now: Date,
  mail: MailContext,
): Promise<PrizeDraw> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(prizeDraws)
      .where(eq(prizeDraws.id, drawId))
      .for('update');
    if (!locked) throw notFound(DRAW_NOT_FOUND_MESSAGE);
    if (locked.revealedAt) return locked;
    const challenge = await requireChallenge(tx, locked.challengeId);
    if (!hasEnded(challenge, now)) throw conflict(DRAW_NOT_YET_MESSAGE);

    const { entries, passIdOf } = await entriesOf(tx, locked, challenge);
    const entriesCsv = drawEntriesCsv(entries);
    const winners = await drawWinners(locked.seed, entries, locked.winnerCount);
    const winnerPassIds = winners.map((pass) => passIdOf.get(pass)!);
    const [revealed] = await tx
      .update(prizeDraws)
      .set({
        revealedAt: now,
        entriesCsv,
        entriesCsvSha256: await sha256Hex(new TextEncoder().encode(entriesCsv)),
        winners,
        winnerPassIds,
      })
      .where(eq(prizeDraws.id, locked.id))
      .returning();

    if (winnerPassIds.length > 0) {
      const accounts = await tx
        .select({
          passId: passes.id,
          username: users.username,
          email: users.email,
          language: users.language,
        })
        .from(passes)
        .innerJoin(users, eq(users.id, passes.userId))
        .where(inArray(passes.id, winnerPassIds));
      for (const account of accounts)
        await enqueueMail(
          tx,
          drawWinnerMail(
            mail,
            { ...account, challengeTitle: challenge.title, prize: locked.prize },
            paths.results(challenge.id),
          ),
          now,
        );
    }
    return revealed!;
  });
}

/** POST /api/admin/draws/{id}/reveal: the organizer's view of the (now) revealed draw. */
export async function revealDrawForAdmin(
  db: Db,
  drawId: number,
  now: Date,
  mail: MailContext,
): Promise<AdminDraw> {
  const draw = await revealDraw(db, drawId, now, mail);
  const [found] = (await adminDrawsOf(db, draw.challengeId)).filter((each) => each.id === draw.id);
  return found!;
}

/** The scheduler's job: every unrevealed draw of a battle that has ended by `now`. */
export async function revealDueDraws(db: Db, now: Date, mail: MailContext): Promise<number> {
  const due = await db
    .select({ id: prizeDraws.id })
    .from(prizeDraws)
    .innerJoin(challenges, eq(challenges.id, prizeDraws.challengeId))
    .where(and(isNull(prizeDraws.revealedAt), challengeInPhase('ended', now)))
    .orderBy(asc(prizeDraws.id));
  for (const { id } of due) await revealDraw(db, id, now, mail);
  return due.length;
}

/**
 * GET /api/draws/{id}/entries.csv: the bytes fixed at the reveal and their hash; a draw of a
 * draft is unknown to the public (docs/decisions/0028).
 */
export async function entriesCsvOf(
  db: Db,
  drawId: number,
): Promise<{ csv: string; sha256: string }> {
  const [found] = await db
    .select({ draw: prizeDraws, published: challenges.active })
    .from(prizeDraws)
    .innerJoin(challenges, eq(challenges.id, prizeDraws.challengeId))
    .where(eq(prizeDraws.id, drawId));
  if (!found?.published) throw notFound(DRAW_NOT_FOUND_MESSAGE);
  const { draw } = found;
  if (!draw.revealedAt || draw.entriesCsv === null || draw.entriesCsvSha256 === null)
    throw conflict(DRAW_ENTRIES_NOT_YET_MESSAGE);
  return { csv: draw.entriesCsv, sha256: draw.entriesCsvSha256 };
}
