import type { IntlShape } from 'react-intl';
import { z } from 'zod';
import { sourceIntl } from './source-intl.ts';
import { publicDrawSchema } from './draws.ts';

/** What a visitor reads before the end (docs/RULES.md rule 17). */
export const RESULTS_NOT_YET_MESSAGE = 'Results are published when the battle ends';

/**
 * How the published result is made, in plain words (docs/RULES.md rules 10, 14, 17-19), one
 * paragraph each, in the language of `intl` (docs/decisions/0048-languages.md).
 */
export function resultsMethodParagraphs(intl: IntlShape = sourceIntl()): string[] {
  return [
    intl.formatMessage({
      id: 'resultsMethod.counting',
      defaultMessage:
        'Each redeemed coupon earns its pass one vote. A vote counts when its pass is active (not refunded) and its shop was not removed; votes.csv lists every counted vote, so anyone can recount.',
    }),
    intl.formatMessage({
      id: 'resultsMethod.ranking',
      defaultMessage:
        'Shops are ranked by counted votes: a shop’s rank is 1 + the number of shops with more votes, so tied shops share a place (1, 1, 3). A shop with no votes has no rank.',
    }),
    intl.formatMessage({
      id: 'resultsMethod.share',
      defaultMessage:
        'Share is votes divided by redeemers (members whose active pass redeemed that shop’s coupon), 0 when nobody redeemed there. It is shown beside the votes so a small shop loved by its visitors is visible; it does not change the rank.',
    }),
    intl.formatMessage({
      id: 'resultsMethod.freeze',
      defaultMessage:
        'If the organizer set a standings freeze, the public counts stopped moving that many hours before the end; every vote until the end counts here.',
    }),
    intl.formatMessage({
      id: 'resultsMethod.stored',
      defaultMessage:
        'The results and votes.csv were stored when the battle ended and are served as stored. votes.csv gives each vote’s hour, not its exact time, and numbers its rows in order of hour and pass. A refund or dispute after the end is published as a dated correction beside the original, which never changes; each version’s SHA-256 is listed.',
    }),
    intl.formatMessage({
      id: 'resultsMethod.draws',
      defaultMessage:
        'Prize draws: the SHA-256 of each draw’s secret seed was published when the draw was created, before the end. After the end the seed and the entries file are published; for each entry, HMAC-SHA256(key = seed bytes, message = entry_id) as lowercase hex orders the entries ascending, and passes are taken in that order, each once, until the prize’s winner count is reached.',
    }),
  ];
}

/** The method in the code's English: what GET /api/challenges/{id}/results answers. */
export const RESULTS_METHOD = resultsMethodParagraphs().join('\n\n');

export const rankingRowSchema = z.object({
  businessId: z.number().int(),
  name: z.string(),
  votes: z.number().int(),
  redeemers: z.number().int(),
  /** votes / redeemers; 0 when nobody redeemed (docs/RULES.md rule 17). */
  share: z.number(),
  /** docs/RULES.md rule 10, null with no votes (rule 14). */
  rank: z.number().int().nullable(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

/**
 * docs/RULES.md rule 23: one published version of the results. Version 1 was stored at the end;
 * each later one is a dated correction (its reason says what changed) beside the earlier ones.
 */
export const publishedVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  /** null for version 1. */
  reason: z.string().nullable(),
  ranking: z.array(rankingRowSchema),
  votesCsvSha256: z.string(),
  votesCsvBytes: z.number().int(),
});
export type PublishedVersion = z.infer<typeof publishedVersionSchema>;

export const resultsSchema = z.object({
  challengeId: z.number().int(),
  endedAt: z.string(),
  /** The challenge's: pages state the end on its clock. */
  timeZone: z.string(),
  method: z.string(),
  /** The latest version's ranking and votes.csv hash (`version`); all versions in `versions`. */
  ranking: z.array(rankingRowSchema),
  votesCsvSha256: z.string(),
  version: z.number().int(),
  /** Oldest first: the original, then each correction. */
  versions: z.array(publishedVersionSchema),
  draws: z.array(publicDrawSchema),
  /**
   * The ranked shops' names in the answer's language where the organizer wrote them, by shop id
   * (docs/decisions/0050); absent when none differs. The rankings keep their published words.
   */
  shopNames: z.record(z.string(), z.string()).optional(),
});
export type Results = z.infer<typeof resultsSchema>;
