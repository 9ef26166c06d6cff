import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { hasEnded } from '#shared/challenge-phase.ts';
import {
  themeWords,
  type AdminChallengeDto,
  type ChallengeDto,
  type challengeInputSchema,
  type challengePatchSchema,
} from '#shared/challenges.ts';
import type { SiteLanguages } from '#shared/languages.ts';
import {
  CHALLENGE_TEXT_FIELDS,
  keptTranslations,
  sameTranslations,
  textsIn,
} from '#shared/translations.ts';
import { changedFields } from '../db/changed-fields.ts';
import type { Db } from '../db/client.ts';
import { challenges, type Challenge } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { requireChallenge } from './require.ts';
import {
  checkedContentLanguage,
  checkedTranslations,
  contentLanguageOf,
} from './content-language.ts';

/**
 * A battle in its content language: the theme's label is the one the organizer wrote, else the
 * key's words (docs/decisions/0050-content-languages.md).
 */
export function toChallengeDto(challenge: Challenge): ChallengeDto {
  return {
    id: challenge.id,
    title: challenge.title,
    description: challenge.description,
    startDate: challenge.startDate.toISOString(),
    endDate: challenge.endDate.toISOString(),
    price: challenge.price,
    active: challenge.active,
    theme: challenge.theme,
    themeLabel: challenge.themeLabel ?? themeWords(challenge.theme),
    votesPerShop: challenge.votesPerShop,
    timeZone: challenge.timeZone,
    standingsFreezeHours: challenge.standingsFreezeHours,
    reminderHoursBeforeEnd: challenge.reminderHoursBeforeEnd,
    maxPassesPerOrder: challenge.maxPassesPerOrder,
    voucherPassesVote: challenge.voucherPassesVote,
  };
}

/**
 * A battle as the public reads it in `language`: each text in that language, else in the battle's
 * content language (docs/decisions/0050-content-languages.md).
 */
export const challengeDtoIn = (challenge: Challenge, language: string): ChallengeDto =>
  textsIn(toChallengeDto(challenge), challenge.translations, CHALLENGE_TEXT_FIELDS, language);

/** A battle as organizers read it: its content language's texts, that language, and the others'. */
export const toAdminChallengeDto = (
  challenge: Challenge,
  site: SiteLanguages,
): AdminChallengeDto => ({
  ...toChallengeDto(challenge),
  contentLanguage: contentLanguageOf(challenge, site),
  ownThemeLabel: challenge.themeLabel,
  translations: challenge.translations,
});

/** Every challenge for organizers, newest start first. */
export async function listChallenges(db: Db): Promise<Challenge[]> {
  return db.select().from(challenges).orderBy(desc(challenges.startDate), desc(challenges.id));
}

/**
 * GET /api/challenges: every published challenge (docs/GLOSSARY.md), the schedule /battles shows,
 * earliest start first.
 */
export async function listPublishedChallenges(db: Db, language: string): Promise<ChallengeDto[]> {
  const rows = await db
    .select()
    .from(challenges)
    .where(eq(challenges.active, true))
    .orderBy(asc(challenges.startDate), asc(challenges.id));
  return rows.map((row) => challengeDtoIn(row, language));
}

/** The zone a new challenge runs in unless the organizer names one: this server's own. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function checkDates(startDate: Date, endDate: Date) {
  if (endDate <= startDate) throw badRequest('End date must be after the start date');
}

export async function createChallenge(
  db: Db,
  input: z.output<typeof challengeInputSchema>,
  site: SiteLanguages,
): Promise<Challenge> {
  const startDate = new Date(input.startDate);
  const endDate = new Date(input.endDate);
  checkDates(startDate, endDate);
  const contentLanguage =
    input.contentLanguage === undefined
      ? null
      : checkedContentLanguage(input.contentLanguage, site);
  const translations = checkedTranslations(
    input.translations,
    contentLanguage ?? site.defaultLanguage,
    site,
  );
  const [created] = await db
    .insert(challenges)
    .values({
      ...input,
      startDate,
      endDate,
      timeZone: input.timeZone ?? serverTimeZone(),
      contentLanguage,
      translations,
    })
    .returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

/** docs/RULES.md rule 23: an ended battle's dates are fixed. */
export const ENDED_DATES_FIXED_MESSAGE =
  'This battle has ended: its dates are fixed, because its results are published';

/**
 * Changes the given fields; the date order is checked against the stored values under a row lock.
 * Once the battle has ended its dates are fixed (docs/RULES.md rule 23): moving them would reopen
 * redeeming, voting and draws and take back published results. `written` is false when every
 * given field already held its value: nothing to announce.
 */
export async function updateChallenge(
  db: Db,
  id: number,
  patch: z.output<typeof challengePatchSchema>,
  now: Date,
  site: SiteLanguages,
): Promise<{ challenge: Challenge; written: boolean }> {
  return db.transaction(async (tx) => {
    const current = await requireChallenge(tx, id, { lock: true });
    const startDate = patch.startDate === undefined ? current.startDate : new Date(patch.startDate);
    const endDate = patch.endDate === undefined ? current.endDate : new Date(patch.endDate);
    const moved =
      startDate.getTime() !== current.startDate.getTime() ||
      endDate.getTime() !== current.endDate.getTime();
    checkDates(startDate, endDate);
    if (moved && hasEnded(current, now)) throw conflict(ENDED_DATES_FIXED_MESSAGE);
    const contentLanguage =
      patch.contentLanguage === undefined
        ? contentLanguageOf(current, site)
        : checkedContentLanguage(patch.contentLanguage, site);
    const translations =
      patch.translations === undefined
        ? keptTranslations(current.translations, contentLanguage)
        : checkedTranslations(patch.translations, contentLanguage, site);
    const changes = changedFields(current, {
      ...patch,
      startDate,
      endDate,
      contentLanguage: patch.contentLanguage === undefined ? undefined : contentLanguage,
      translations: sameTranslations(translations, current.translations) ? undefined : translations,
    });
    if (Object.keys(changes).length === 0) return { challenge: current, written: false };
    const [updated] = await tx
      .update(challenges)
      .set(changes)
      .where(eq(challenges.id, id))
      .returning();
    if (!updated) throw notFound('Challenge not found');
    return { challenge: updated, written: true };
  });
}
