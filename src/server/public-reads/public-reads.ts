import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { publicBusinessSchema, voteCountsSchema } from '#shared/businesses.ts';
import {
  challengeSchema,
  publishedChallengesSchema,
  type ChallengeDto,
} from '#shared/challenges.ts';
import { siteConfigSchema, type SiteConfig } from '#shared/config.ts';
import { answerLanguage, type SiteLanguages } from '#shared/languages.ts';
import { endpointMatcher, endpoints, type EndpointName } from '#shared/endpoints.ts';
import { resultsSchema } from '#shared/results.ts';
import { publicDrawSchema } from '#shared/draws.ts';
import { publicMilestonesSchema } from '#shared/milestones.ts';
import { publicMilestonesOf } from '../milestones/service.ts';
import { explorerBoardSchema } from '#shared/explorers.ts';
import { findCurrentBattle } from '../challenges/current-battle.ts';
import { CHALLENGE_NOT_FOUND } from '../challenges/require.ts';
import { publicDrawsOf } from '../draws/service.ts';
import { explorerBoardOf } from '../explorers/service.ts';
import { AppError, saying, type SaidSentence } from '../errors.ts';
import { sentenceIn } from '../api-messages.ts';
import { challengeDtoIn, listPublishedChallenges } from '../challenges/service.ts';
import { findPublicShop, listLiveBusinesses, publicBusinessIn } from '../businesses/service.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import type { EncodedPage } from '../pages/page-encodings.ts';
import { KeptPages, type DrawnPage } from '../pages/kept-pages.ts';
import { resultsOf, resultsStampOf } from '../results/service.ts';
import { publicVoteCounts } from '../voting/service.ts';
import {
  checkedJson,
  MAX_ENTRIES,
  PublicReadCache,
  VARY_LANGUAGE,
  type CachedJson,
} from './public-cache.ts';

/** The active challenge's answer, or null; built once, since a zod schema is costly to construct. */
const activeChallengeBodySchema = challengeSchema.nullable();
const liveShopsSchema = z.array(publicBusinessSchema);
const publicDrawsSchema = z.array(publicDrawSchema);

/** What GET /api/challenge/active says when no challenge is set up (docs/RULES.md rule 1). */
export const NO_ACTIVE_CHALLENGE = 'No active challenge available.';

/** What GET /api/businesses/{id} says of an id that is no live shop of a published challenge. */
export const SHOP_NOT_FOUND = 'Shop not found';

/** The largest id PostgreSQL's integer column holds; a longer one names no shop. */
const MAX_ID = 2_147_483_647;

/** The registry's public reads (#shared/endpoints.ts `publicRead`), each answered here. */
type PublicReadName = {
  [Name in EndpointName]: (typeof endpoints)[Name] extends { publicRead: true } ? Name : never;
}[EndpointName];

/** The cache keys of the public reads that live under one key each (those without parameters). */
const KEY = {
  activeChallenge: 'challenge',
  publishedChallenges: 'challenges',
  liveShops: 'businesses',
  voteCounts: 'votes',
  siteConfig: 'config',
} as const satisfies Partial<Record<PublicReadName, string>>;

/**
 * The answers that speak the request's language (the organizer's content,
 * docs/decisions/0050-content-languages.md): kept once per language, under the key and language.
 */
const IN_LANGUAGE: ReadonlySet<string> = new Set([
  KEY.activeChallenge,
  KEY.publishedChallenges,
  KEY.liveShops,
]);

/** The cache key of an answer in a language: the key alone for one that reads alike in all. */
const keyIn = (key: string, language: string) =>
  IN_LANGUAGE.has(key) ? `${key}@${language}` : key;

/** The cache key of each public read path whose kept answer the kept-answer lane may send. */
const KEPT_ANSWER_KEYS: ReadonlyMap<string, string> = new Map(
  Object.entries(KEY).map(([name, key]) => [endpoints[name as keyof typeof KEY].path, key]),
);

/** Each public read's matcher, for the server render's API paths. */
const PUBLIC_READ_PATHS = (Object.keys(endpoints) as EndpointName[])
  .filter((name): name is PublicReadName => 'publicRead' in endpoints[name])
  .map((name) => ({ name, match: endpointMatcher(endpoints[name]) }));

/** A public read as the server render's transport hands it over: what the API route would send. */
export interface PublicAnswer {
  status: number;
  body: string;
}

/** A refusal as its route sends it: the sentence in the request's language, as the error plugin says it. */
const refusal = (status: number, sentence: SaidSentence, language: string): PublicAnswer => ({
  status,
  body: JSON.stringify({ message: sentenceIn(sentence, language) }),
});

/** A public answer as one string, status and body, to tell whether it changed. */
export const answerText = (answer: PublicAnswer) => `${String(answer.status)} ${answer.body}`;

export interface PublicReadsDeps {
  db: Db;
  clock: () => Date;
  /** How long answers and pages are kept (publicCacheTtlMs); 0 turns the cache off. */
  ttlMs: number;
  /** GET /api/config's answer: fixed for the process's life. */
  siteConfig: SiteConfig;
  /** Monotonic milliseconds for the answers' lifetimes; performance.now() unless a test steps it. */
  monotonicNow?: () => number;
}

/**
 * The one owner of what every visitor reads alike (docs/decisions/0005): the public answers and
 * the server-rendered public pages, computed once per key and interval and cleared together by
 * every organizer change (clearPublicReadsEverywhere, and app.ts's change feed subscription).
 * The API routes send these answers; the server render reads them directly.
 */
export class PublicReads {
  private readonly cache: PublicReadCache;
  /** The rendered public pages, kept beside the answers they show (docs/decisions/0027). */
  private readonly keptPages: KeptPages;
  /** Each ended challenge's last results answer and the stamp it was computed at. */
  private readonly keptResults = new Map<string, { stamp: string; answer: CachedJson }>();
  /** Counts organizer changes (`clear`): a result computed during one is not offered again. */
  private generation = 0;
  /** The site's languages, from GET /api/config's answer. */
  private readonly site: SiteLanguages;

  constructor(private readonly deps: PublicReadsDeps) {
    this.site = {
      languages: deps.siteConfig.languages,
      defaultLanguage: deps.siteConfig.defaultLanguage,
    };
    this.cache = new PublicReadCache(deps.ttlMs, deps.monotonicNow);
    this.keptPages = new KeptPages({
      cache: this.cache,
      ttlMs: deps.ttlMs,
      clock: deps.clock,
      answerNow: async (apiPath, language) => {
        const answer = await this.answerFor(apiPath, language);
        return answer && answerText(answer);
      },
    });
  }

  /**
   * The language an answer speaks: the site's language the request's Accept-Language prefers,
   * else the default (#shared/languages.ts answerLanguage).
   */
  languageOf(acceptLanguage: string | undefined): string {
    return answerLanguage(acceptLanguage, this.site);
  }

  /**
   * GET /api/challenge/active: the challenge of docs/RULES.md rule 1, or `null` when none; its texts
   * in `language`, else the battle's content language (as every answer in a language below).
   */
  activeChallenge(language: string): Promise<CachedJson> {
    return this.cache.json(
      keyIn(KEY.activeChallenge, language),
      activeChallengeBodySchema,
      async () => {
        const challenge = await findCurrentBattle(this.deps.db, this.deps.clock());
        return challenge ? challengeDtoIn(challenge, language) : null;
      },
      VARY_LANGUAGE,
    );
  }

  /** The active challenge as data (link previews), from the same cached answer. */
  async activeChallengeDto(language: string): Promise<ChallengeDto | null> {
    return JSON.parse((await this.activeChallenge(language)).body) as ChallengeDto | null;
  }

  /** GET /api/challenges: every published challenge, the schedule of /battles. */
  publishedChallenges(language: string): Promise<CachedJson> {
    return this.cache.json(
      keyIn(KEY.publishedChallenges, language),
      publishedChallengesSchema,
      () => listPublishedChallenges(this.deps.db, language),
      VARY_LANGUAGE,
    );
  }

  /** GET /api/businesses: the active challenge's live shops, no secrets. */
  liveShops(language: string): Promise<CachedJson> {
    return this.cache.json(
      keyIn(KEY.liveShops, language),
      liveShopsSchema,
      async () => {
        const challenge = await findCurrentBattle(this.deps.db, this.deps.clock());
        return challenge
          ? (await listLiveBusinesses(this.deps.db, challenge.id)).map((shop) =>
              publicBusinessIn(shop, language),
            )
          : [];
      },
      VARY_LANGUAGE,
    );
  }

  /**
   * GET /api/businesses/{id}: one live shop of a published challenge, without secrets, or null for
   * a draft's or an unknown id (404). Kept per id like the other answers (the cache is bounded).
   */
  liveShopJson(id: number, language: string): Promise<CachedJson | null> {
    if (id > MAX_ID) return Promise.resolve(null);
    return this.cache.remember(`shop:${String(id)}@${language}`, async () => {
      const shop = await findPublicShop(this.deps.db, id);
      return shop
        ? checkedJson(publicBusinessSchema, publicBusinessIn(shop, language), VARY_LANGUAGE)
        : null;
    });
  }

  /** GET /api/businesses/{id}'s answer, 404 included, as the server render reads it. */
  async liveShop(id: number, language: string): Promise<PublicAnswer> {
    const shop = await this.liveShopJson(id, language);
    return shop ? { status: 200, body: shop.body } : refusal(404, saying(SHOP_NOT_FOUND), language);
  }

  /** GET /api/votes: the public vote totals (rule 18's freeze applied). */
  voteCounts(): Promise<CachedJson> {
    return this.cache.json(KEY.voteCounts, voteCountsSchema, () =>
      publicVoteCounts(this.deps.db, this.deps.clock()),
    );
  }

  /**
   * GET /api/challenges/{id}/results of an ended challenge, as stored (results/publish.ts); the
   * first ask after the end or a correction stores the due version. 404 for a draft, 409 before
   * the end (AppError). Computed once per change (docs/decisions/0037): when its interval ends the
   * answer is checked against its stamp (resultsStampOf) and kept while the stamp is the same, so
   * a crowd costs a check an interval, not the answer's JSON and hash.
   */
  results(challengeId: number, language: string = this.site.defaultLanguage): Promise<CachedJson> {
    const key = `results:${String(challengeId)}@${language}`;
    return this.cache.remember(key, async () => {
      const { db, clock } = this.deps;
      const generation = this.generation;
      const { challenge, stamp } = await resultsStampOf(db, challengeId, clock());
      const earlier = this.keptResults.get(key);
      if (earlier?.stamp === stamp) return earlier.answer;
      // The shops' names and the draws' prizes in `language` beside the published ranking (docs/decisions/0050).
      const answer = checkedJson(
        resultsSchema,
        await resultsOf(db, challenge, clock(), language),
        VARY_LANGUAGE,
      );
      // Only ended published challenges get here, yet ids come from visitors: bounded all the same.
      if (this.deps.ttlMs > 0 && generation === this.generation) {
        if (this.keptResults.size >= MAX_ENTRIES) this.keptResults.clear();
        this.keptResults.set(key, { stamp, answer });
      }
      return answer;
    });
  }

  /**
   * GET /api/challenges/{id}/draws: a published challenge's prize draws, from each commitment
   * (docs/RULES.md rule 23); a draft's or an unknown id is refused (AppError 404).
   */
  draws(challengeId: number, language: string): Promise<CachedJson> {
    return this.cache.json(
      `draws:${String(challengeId)}@${language}`,
      publicDrawsSchema,
      () => publicDrawsOf(this.deps.db, challengeId, language),
      VARY_LANGUAGE,
    );
  }

  /**
   * GET /api/challenges/{id}/milestones: a published challenge's tiers and the stock left of each
   * (docs/decisions/0046); the stock a redeem takes shows within the cache's second. The rewards
   * in `language`, else the battle's own (docs/decisions/0050).
   */
  milestones(challengeId: number, language: string): Promise<CachedJson> {
    return this.cache.json(
      `milestones:${String(challengeId)}@${language}`,
      publicMilestonesSchema,
      () => publicMilestonesOf(this.deps.db, challengeId, language),
      VARY_LANGUAGE,
    );
  }

  /**
   * GET /api/challenges/{id}/explorers: a published challenge's explorer board (docs/decisions/0047),
   * frozen with the standings; a draft's or an unknown id is refused (AppError 404). An opt-in or
   * opt-out clears it like an organizer's change.
   */
  explorers(challengeId: number): Promise<CachedJson> {
    return this.cache.json(`explorers:${String(challengeId)}`, explorerBoardSchema, () =>
      explorerBoardOf(this.deps.db, challengeId, this.deps.clock()),
    );
  }

  /** GET /api/config. */
  siteConfig(): Promise<CachedJson> {
    return this.cache.json(KEY.siteConfig, siteConfigSchema, async () => this.deps.siteConfig);
  }

  /**
   * The kept 200 answer of one of the busiest public read paths (exactly as written, no query),
   * without waiting: undefined while it is computed, expired, or not a 200. The kept-answer lane
   * (kept-answer-lane.ts) sends it before Fastify sees the request.
   */
  keptAnswer(path: string, acceptLanguage: string | undefined): CachedJson | undefined {
    const key = KEPT_ANSWER_KEYS.get(path);
    if (key === undefined) return undefined;
    const kept = this.cache.peekSettled<CachedJson>(keyIn(key, this.languageOf(acceptLanguage)));
    // The active challenge's `null` is the route's 404, which Fastify sends.
    return kept?.body === 'null' ? undefined : kept;
  }

  /**
   * The answer of a public read API path in a language, as its route sends it, for the server
   * render; undefined for any other path (the render has no business asking it).
   */
  async answerFor(apiPath: string, language: string): Promise<PublicAnswer | undefined> {
    for (const { name, match } of PUBLIC_READ_PATHS) {
      const params = match(apiPath);
      if (params) return this.answers[name](params, language);
    }
    return undefined;
  }

  /** Each public read's answer, as its route sends it. */
  private readonly answers: Record<
    PublicReadName,
    (params: Record<string, string>, language: string) => Promise<PublicAnswer>
  > = {
    activeChallenge: async (_params, language) => {
      const { body } = await this.activeChallenge(language);
      return body === 'null'
        ? refusal(404, saying(NO_ACTIVE_CHALLENGE), language)
        : { status: 200, body };
    },
    publishedChallenges: async (_params, language) => ({
      status: 200,
      body: (await this.publishedChallenges(language)).body,
    }),
    liveShops: async (_params, language) => ({
      status: 200,
      body: (await this.liveShops(language)).body,
    }),
    liveShop: ({ id }, language) => this.liveShop(Number(id), language),
    voteCounts: async () => ({ status: 200, body: (await this.voteCounts()).body }),
    siteConfig: async () => ({ status: 200, body: (await this.siteConfig()).body }),
    publicDraws: ({ id }, language) =>
      this.challengeAnswer(Number(id), language, (challengeId) =>
        this.draws(challengeId, language),
      ),
    publicMilestones: ({ id }, language) =>
      this.challengeAnswer(Number(id), language, (challengeId) =>
        this.milestones(challengeId, language),
      ),
    explorers: ({ id }, language) =>
      this.challengeAnswer(Number(id), language, (challengeId) => this.explorers(challengeId)),
  };

  /** A public read of one published challenge by id, its 404 included, as its route sends it. */
  private async challengeAnswer(
    challengeId: number,
    language: string,
    read: (challengeId: number) => Promise<CachedJson>,
  ): Promise<PublicAnswer> {
    if (challengeId > MAX_ID) return refusal(404, saying(CHALLENGE_NOT_FOUND), language);
    try {
      return { status: 200, body: (await read(challengeId)).body };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refusal(error.statusCode, error, language);
    }
  }

  /** The page stored under `key` while it lives (a render under way counts), else undefined. */
  cachedPage(key: string): Promise<EncodedPage> | undefined {
    return this.keptPages.cachedPage(key);
  }

  /** The page stored under `key` once rendered, while it lives; undefined during its render. */
  keptPage(key: string): EncodedPage | undefined {
    return this.keptPages.keptPage(key);
  }

  /** A rendered public page, kept under `key` like the answers it shows (kept-pages.ts). */
  page(key: string | null, render: () => Promise<DrawnPage>): Promise<EncodedPage> {
    return this.keptPages.page(key, render);
  }

  /** Server renders of public pages started by this process (lb_page_renders_total). */
  renders(): number {
    return this.keptPages.renders();
  }

  /** Forgets every answer and page (an organizer's change, here or on another instance). */
  clear() {
    this.cache.clear();
    this.keptPages.clear();
    this.keptResults.clear();
    this.generation += 1;
  }
}

/**
 * After an organizer's committed write: clears this instance's public answers at once and every
 * other instance's as the change feed's notice arrives (ChangeFeed.announcePublicChange only
 * sends the notice). A failed notice is logged, not the write's error: the write is done.
 */
export async function clearPublicReadsEverywhere(
  { publicReads, changes }: { publicReads: PublicReads; changes: ChangeFeed },
  log: FastifyBaseLogger,
) {
  publicReads.clear();
  try {
    await changes.announcePublicChange();
  } catch (error) {
    log.warn({ err: error }, 'other instances were not told of a change to public answers');
  }
}
