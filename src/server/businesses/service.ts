import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { Db } from '../db/client.ts';
import { businesses, type Business } from '../db/schema.ts';

/** Strips what only organizers may see (the redemption code, DECISIONS rule 3). */
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
  };
}

/** Live shops of a challenge in display order (lower position first, then oldest). */
export async function listLiveBusinesses(db: Db, challengeId: number): Promise<Business[]> {
  return db
    .select()
    .from(businesses)
    .where(and(eq(businesses.challengeId, challengeId), isNull(businesses.deletedAt)))
    .orderBy(asc(businesses.position), asc(businesses.id));
}

export async function findLiveBusiness(db: Db, id: number): Promise<Business | null> {
  const [business] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, id), isNull(businesses.deletedAt)));
  return business ?? null;
}
