import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  checkHours,
  type AdminBusiness,
  type businessCreateSchema,
  type businessFieldsSchema,
  type businessPatchSchema,
  type PublicBusiness,
} from '#shared/businesses.ts';
import { hasEnded } from '#shared/challenge-phase.ts';
import { readHoursLabels } from '#shared/hours.ts';
import type { SiteLanguages } from '#shared/languages.ts';
import { sameTranslations, SHOP_TEXT_FIELDS, textsIn } from '#shared/translations.ts';
import { WEBSITE_MESSAGE, webAddress } from '#shared/shop-import.ts';
import type { CurrentCode } from '#shared/shop-side.ts';
import type { Db, Tx } from '../db/client.ts';
import { changedFields } from '../db/changed-fields.ts';
import { callRule } from '../db/rule-call.ts';
import { businesses, challenges, type Business } from '../db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.ts';
import { requireChallenge } from '../challenges/require.ts';
import { checkedTranslations, contentLanguageOf } from '../challenges/content-language.ts';
import { addCouponsForNewBusiness, lockChallengeForNewShops } from '../passes/issue.ts';
import { sanitizeRichText } from './rich-text.ts';
import { isLiveShop } from './live.ts';

/** docs/RULES.md rule 23: an ended battle's shops are what its published results name. */
export const ENDED_SHOPS_FIXED_MESSAGE =
  'This battle has ended: its shops are fixed, because its results are published';

/** Refuses a change to the shops of a battle that has ended at `now` (docs/RULES.md rule 23). */
export function refuseIfEnded(challenge: { endDate: Date }, now: Date): void {
  if (hasEnded(challenge, now)) throw conflict(ENDED_SHOPS_FIXED_MESSAGE);
}

/** The challenge of a live shop; 404 for a missing or deleted shop. */
async function challengeOfShop(db: Db, shopId: number) {
  const [found] = await db
    .select({ endDate: challenges.endDate, name: businesses.name })
    .from(businesses)
    .innerJoin(challenges, eq(challenges.id, businesses.challengeId))
    .where(and(eq(businesses.id, shopId), isLiveShop));
  if (!found) throw notFound('Business not found');
  return found;
}

/** Strips what only organizers may see (the redemption code, docs/RULES.md rule 3). */
export function toPublicBusiness(business: Business): PublicBusiness {
  return {
    id: business.id,
    challengeId: business.challengeId,
    name: business.name,
    description: business.description,
    longDescription: business.longDescription,
    address: business.address,
    phone: business.phone,
    website: business.website,
    imageUrl: business.imageUrl,
    hours: business.hours,
    specialties: business.specialties,
    position: business.position,
    paused: business.paused,
    latitude: business.latitude,
    longitude: business.longitude,
  };
}

/**
 * A shop as the public reads it in `language`: each text in that language, else in its battle's
 * content language, and its hours' labels when they are written in it
 * (docs/decisions/0050-content-languages.md).
 */
export function publicBusinessIn(business: Business, language: string): PublicBusiness {
  const shop = textsIn(
    toPublicBusiness(business),
    business.translations,
    SHOP_TEXT_FIELDS,
    language,
  );
  const labels = business.translations[language]?.hoursLabels;
  const hoursLabels = labels ? readHoursLabels(labels) : null;
  return hoursLabels ? { ...shop, hoursLabels } : shop;
}

/** Live shops of a challenge in display order (lower position first, then oldest). */
export async function listLiveBusinesses(db: Db, challengeId: number): Promise<Business[]> {
  return db
    .select()
    .from(businesses)
    .where(and(eq(businesses.challengeId, challengeId), isLiveShop))
    .orderBy(asc(businesses.position), asc(businesses.id));
}

export async function findLiveBusiness(db: Db, id: number): Promise<Business | null> {
  const [business] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, id), isLiveShop));
  return business ?? null;
}

/**
 * A shop the public may read: live, of a published challenge (docs/GLOSSARY.md). A draft
 * battle's shops are the organizer's alone until it is published (their admin routes).
 */
export async function findPublicShop(db: Db, id: number): Promise<Business | null> {
  const [row] = await db
    .select({ shop: businesses })
    .from(businesses)
    .innerJoin(challenges, eq(challenges.id, businesses.challengeId))
    .where(and(eq(businesses.id, id), isLiveShop, eq(challenges.active, true)));
  return row?.shop ?? null;
}

type BusinessFields = z.output<typeof businessFieldsSchema>;

export function toAdminBusiness(business: Business, currentCode: CurrentCode): AdminBusiness {
  return {
    ...toPublicBusiness(business),
    redemptionCode: business.redemptionCode,
    codeRotation: business.codeRotation,
    currentCode,
    dailyCap: business.dailyCap,
    shopLinkIssued: business.shopLinkHash !== null,
    translations: business.translations,
  };
}

/** Hours are a JSON object of label → time range (docs/SPEC.md section 3); stored compactly. */
function normalizeHours(hours: string | null): string | null {
  if (hours === null) return null;
  const check = checkHours(hours);
  if (!check.valid) throw badRequest(check.message);
  return check.stored;
}

/** A website is a web address; a bare domain gets https:// (docs/SPEC.md section 2), any other scheme is refused. */
export function normalizeWebsite(website: string | null): string | null {
  if (website === null) return null;
  const address = webAddress(website);
  if (address === null) throw badRequest(WEBSITE_MESSAGE);
  return address;
}

/** Shop images: a web address or a path on this site (the demo images live under /images). */
export function checkImageUrl(imageUrl: string | null): string | null {
  if (imageUrl === null) return null;
  if (/^https?:\/\/[^\s]+$/i.test(imageUrl) || /^\/(?!\/)[^\s]*$/.test(imageUrl)) return imageUrl;
  throw badRequest('Image URL must start with http://, https:// or /');
}

/**
 * Translations as stored: the site's languages only, not the battle's content language, each
 * rich-text description sanitized like the shop's own (docs/RULES.md rule 9).
 */
function storedTranslations(
  translations: BusinessFields['translations'],
  contentLanguage: string,
  site: SiteLanguages,
): Business['translations'] {
  const sanitized = Object.fromEntries(
    Object.entries(translations).map(([language, texts]) => [
      language,
      texts.longDescription
        ? { ...texts, longDescription: sanitizeRichText(texts.longDescription) ?? undefined }
        : texts,
    ]),
  );
  return checkedTranslations(sanitized, contentLanguage, site);
}

/** Field values as stored: checked, normalized and sanitized (docs/RULES.md rule 9). */
function storedFields<T extends Partial<BusinessFields>>(fields: T) {
  const { redemptionCode: _code, translations: _translations, ...rest } = fields;
  return {
    ...rest,
    ...(fields.longDescription !== undefined
      ? { longDescription: sanitizeRichText(fields.longDescription) }
      : {}),
    ...(fields.hours !== undefined ? { hours: normalizeHours(fields.hours) } : {}),
    ...(fields.website !== undefined ? { website: normalizeWebsite(fields.website) } : {}),
    ...(fields.imageUrl !== undefined ? { imageUrl: checkImageUrl(fields.imageUrl) } : {}),
  };
}

const codeTaken = (code: string) =>
  conflict(
    `Redemption code ${code} is already used by another shop in this challenge. Choose another code.`,
  );

/** A random 4-digit code no live shop of the challenge uses (docs/RULES.md rule 3). */
async function unusedCode(tx: Tx, challengeId: number): Promise<string> {
  const rows = await tx
    .select({ code: businesses.redemptionCode })
    .from(businesses)
    .where(and(eq(businesses.challengeId, challengeId), isLiveShop));
  const used = new Set(rows.map((row) => row.code));
  if (used.size >= 10_000)
    throw conflict('Every 4-digit redemption code is in use in this challenge.');
  for (;;) {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    if (!used.has(code)) return code;
  }
}

/** Runs a write; the partial unique index on live codes turns a taken code into a clear 409. */
async function withCodeCheck<T>(
  code: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'businesses_live_code_uq')) {
      throw code
        ? codeTaken(code)
        : conflict('That redemption code was just taken. Please try again.');
    }
    throw error;
  }
}

/**
 * Inserts a shop inside the caller's transaction: fields checked and sanitized, an unused random
 * code when none is given, and a coupon for every pass already sold (docs/RULES.md rule 7).
 */
export async function insertBusinessInTx(
  tx: Tx,
  input: z.output<typeof businessCreateSchema>,
  now: Date,
  site: SiteLanguages,
): Promise<Business> {
  const fields = storedFields(input);
  const challenge = await requireChallenge(tx, input.challengeId);
  refuseIfEnded(challenge, now);
  const translations = storedTranslations(
    input.translations,
    contentLanguageOf(challenge, site),
    site,
  );
  await lockChallengeForNewShops(tx, input.challengeId);
  const redemptionCode = input.redemptionCode ?? (await unusedCode(tx, input.challengeId));
  const [created] = await tx
    .insert(businesses)
    .values({ ...fields, challengeId: input.challengeId, redemptionCode, translations })
    .returning();
  if (!created) throw new Error('insert returned no row');
  await addCouponsForNewBusiness(tx, created.id, created.challengeId);
  return created;
}

/**
 * Adds a shop to a challenge. Without a code the server picks an unused random one. Passes
 * already sold get the shop's coupon in the same transaction (docs/RULES.md rule 7).
 */
export async function createBusiness(
  db: Db,
  input: z.output<typeof businessCreateSchema>,
  now: Date,
  site: SiteLanguages,
): Promise<Business> {
  const insert = () => db.transaction((tx) => insertBusinessInTx(tx, input, now, site));
  if (input.redemptionCode) return withCodeCheck(input.redemptionCode, insert);
  // A generated code can collide with one a concurrent request just took: pick again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert();
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'businesses_live_code_uq')) {
        return withCodeCheck(null, () => Promise.reject(error as Error));
      }
    }
  }
}

/**
 * Changes the given fields of a live shop; a null or empty code keeps the current one. `written`
 * is false when the patch set nothing, or only values the shop already had: nothing to announce.
 */
export async function updateBusiness(
  db: Db,
  id: number,
  patch: z.output<typeof businessPatchSchema>,
  now: Date,
  site: SiteLanguages,
): Promise<{ business: Business; written: boolean }> {
  const fields = storedFields(patch);
  if (fields.name !== undefined) {
    // The published votes.csv and ranking name the shop: a rename after the end would disown them.
    const shop = await challengeOfShop(db, id);
    if (shop.name !== fields.name) refuseIfEnded(shop, now);
  }
  const code = patch.redemptionCode ?? undefined;
  return withCodeCheck(code, () =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(businesses)
        .where(and(eq(businesses.id, id), isLiveShop))
        .for('update');
      if (!current) throw notFound('Business not found');
      const translations =
        patch.translations === undefined
          ? undefined
          : storedTranslations(
              patch.translations,
              contentLanguageOf(await requireChallenge(tx, current.challengeId), site),
              site,
            );
      const changes = changedFields(current, {
        ...fields,
        ...(code ? { redemptionCode: code } : {}),
        ...(translations && !sameTranslations(translations, current.translations)
          ? { translations }
          : {}),
      });
      // Nothing differs ({}, unknown keys, an empty code, the values it has): no UPDATE at all.
      if (Object.keys(changes).length === 0) return { business: current, written: false };
      const [updated] = await tx
        .update(businesses)
        .set(changes)
        .where(eq(businesses.id, id))
        .returning();
      if (!updated) throw notFound('Business not found');
      return { business: updated, written: true };
    }),
  );
}

/**
 * docs/RULES.md rule 8: one call of the delete_business rule (src/server/db/rules/): the shop
 * leaves every list, its redeemed coupons stay on record, and its votes return to their voters.
 */
export async function deleteBusiness(db: Db, id: number, now: Date): Promise<void> {
  refuseIfEnded(await challengeOfShop(db, id), now);
  const deleted = await callRule<boolean>(
    db,
    sql`select delete_business(${id}, ${now.toISOString()}::timestamptz) as result`,
  );
  if (!deleted) throw notFound('Business not found');
}

/** Every live shop of a challenge with its code, for organizers. */
export async function listBusinessesForAdmin(db: Db, challengeId: number): Promise<Business[]> {
  await requireChallenge(db, challengeId);
  return listLiveBusinesses(db, challengeId);
}
