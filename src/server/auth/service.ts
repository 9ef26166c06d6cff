import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { PublicUser, RegisterBody } from '#shared/auth.ts';
import type { Db } from '../db/client.ts';
import { users, type User } from '../db/schema.ts';
import type { SiteLanguages } from '#shared/languages.ts';
import { badRequest, conflict, isUniqueViolation } from '../errors.ts';
import { welcomeMail, type MailContext } from '../mail/templates.ts';
import { confirmAddress, enqueueMail } from '../mail/outbox.ts';
import { storeAddressLink } from './link-token.ts';

// argon2id; Algorithm.Argon2id is 2 in @node-rs/argon2 (a const enum that isolatedModules cannot inline).
const HASH_OPTIONS = { algorithm: 2 } as const;
// Verifying against a real hash when the user is unknown keeps response times alike.
const dummyHash = hash('not-a-real-password', HASH_OPTIONS);

export const hashPassword = (password: string) => hash(password, HASH_OPTIONS);

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    isAdmin: user.isAdmin,
  };
}

/**
 * Saves the member's language (PUT /api/user/language): one of the site's languages, else 400
 * and nothing changed (docs/decisions/0048-languages.md).
 */
export async function saveLanguage(
  db: Db,
  userId: number,
  language: string,
  { languages }: SiteLanguages,
): Promise<{ language: string }> {
  if (!languages.includes(language)) {
    throw badRequest(`Choose one of this site's languages: ${languages.join(', ')}`);
  }
  await db.update(users).set({ language }).where(eq(users.id, userId));
  return { language };
}

const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

/** Creates the member and, in the same transaction, their welcome email. */
export async function registerMember(
  db: Db,
  input: RegisterBody,
  mail: MailContext,
  now: Date,
  /** The language of the page signed up on: the member's until they choose another. */
  language?: string,
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          fullName: input.fullName,
          passwordHash,
          // isAdmin from the request is ignored on purpose (docs/RULES.md rule 4).
          isAdmin: false,
          language,
        })
        .returning();
      // The welcome's link confirms the address (docs/decisions/0029).
      const confirmToken = await storeAddressLink(tx, user!.id, user!.email, now);
      await enqueueMail(tx, welcomeMail(mail, user!, confirmToken), now, {
        kind: 'unsolicited',
        perDay: mail.unconfirmedPerDay,
      });
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Username already exists');
    throw error;
  }
}

export async function verifyCredentials(
  db: Db,
  username: string,
  password: string,
): Promise<User | null> {
  const [user] = await db.select().from(users).where(byUsername(username));
  if (!user) {
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  return (await passwordMatches(user, password)) ? user : null;
}

export const passwordMatches = (user: User, password: string) =>
  verify(user.passwordHash, password).catch(() => false);

export async function findUser(db: Db, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export interface AdminInput {
  username: string;
  password: string;
  email: string;
}

/**
 * Creates the admin, or promotes and re-passwords an existing user of that name. The operator gave
 * the address, so it counts as confirmed: a flood of strangers' requests never holds back the
 * organizer's reset link (docs/decisions/0029).
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: AdminInput,
): Promise<{ user: User; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(byUsername(input.username))
      .for('update');
    if (existing) {
      const [user] = await tx
        .update(users)
        .set({ isAdmin: true, passwordHash, email: input.email })
        .where(eq(users.id, existing.id))
        .returning();
      await confirmAddress(tx, input.email, new Date());
      return { user: user!, created: false };
    }
    const [user] = await tx
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, isAdmin: true })
      .returning();
    await confirmAddress(tx, input.email, new Date());
    return { user: user!, created: true };
  });
}
