import { countOf } from '#shared/plural.ts';

/*
 * The parts of a public page that change while it is open, marked so that both the web app's
 * components and the public pages' small script (src/client/document, docs/decisions/0027) draw
 * them the same way. Nothing here may import React or styles: the small script bundles it.
 */

/** On a countdown's timer: the instant it counts down to (ISO). */
export const COUNTDOWN_TARGET_ATTRIBUTE = 'data-countdown-target';
/** On each of its figures: which unit of timeLeft() it shows. */
export const COUNTDOWN_UNIT_ATTRIBUTE = 'data-countdown-unit';
/** What the server's HTML shows until a clock in the browser counts. */
export const COUNTDOWN_PLACEHOLDER = '--';

/** On a shop card's rank badge: the shop's id. */
export const RANK_BADGE_ATTRIBUTE = 'data-rank-of';
/** Present on a rank badge in the top ranks (TOP_RANK_HIGHLIGHT), which it colours. */
export const TOP_RANK_ATTRIBUTE = 'data-top-rank';

/** A rank badge's text: '#2'; empty for a shop without votes (docs/RULES.md rule 14). */
export const rankText = (rank: number | null) => (rank === null ? '' : `#${String(rank)}`);

/**
 * On a rank badge of a page in another language than the code's English: its label's words as
 * the server drew them (RankWords, JSON), since the small script carries no catalog
 * (docs/decisions/0048-languages.md).
 */
export const RANK_WORDS_ATTRIBUTE = 'data-rank-words';

/**
 * A rank badge's label in a page's language: without votes, with a rank alone, and with a rank and
 * its votes for each plural category of the language ('one', 'other'), `{rank}` and `{votes}`
 * standing for the figures, written in the figures of `locale`.
 */
export interface RankWords {
  locale: string;
  none: string;
  rank: string;
  votes: Record<string, string>;
}

const RANK_MARK = '{rank}';
const VOTES_MARK = '{votes}';

/**
 * The RankWords of a page's language, drawn with the page's own label (`label(rank, votes)`): a
 * count of each plural category of `locale` is written back as `{votes}`.
 */
export function rankWordsOf(
  locale: string,
  label: (rank: string | null, votes?: number) => string,
  formatNumber: (count: number) => string,
): RankWords {
  const plurals = new Intl.PluralRules(locale);
  const votes: Record<string, string> = {};
  for (const category of plurals.resolvedOptions().pluralCategories) {
    const count = [...Array(200).keys(), 1_000_000].find(
      (each) => plurals.select(each) === category,
    );
    if (count !== undefined) {
      votes[category] = label(RANK_MARK, count).replace(formatNumber(count), VOTES_MARK);
    }
  }
  return { locale, none: label(null), rank: label(RANK_MARK), votes };
}

/** What a screen reader hears for a rank badge: in English, or in the page's `words`. */
export function rankLabel(
  rank: number | null,
  votes: number | undefined,
  words?: RankWords,
): string {
  if (words) {
    const { locale, none, rank: rankOnly, votes: withVotes } = words;
    if (rank === null) return none;
    const pattern =
      votes === undefined
        ? rankOnly
        : (withVotes[new Intl.PluralRules(locale).select(votes)] ?? withVotes.other ?? rankOnly);
    return pattern
      .replace(RANK_MARK, String(rank))
      .replace(VOTES_MARK, votes === undefined ? '' : votes.toLocaleString(locale));
  }
  if (rank === null) return 'No votes yet';
  return `Rank ${String(rank)}${votes === undefined ? '' : `, ${countOf(votes, 'vote')}`}`;
}

/**
 * Told by the web app just before it takes over the page the server drew: the small script then
 * stops and puts back what it changed, so React finds the HTML it would draw itself.
 */
export const APP_HYDRATING_EVENT = 'lb:app-hydrating';

/**
 * Told by the web app once it has taken over the page the server drew (the route's part
 * included), so a tap the small script held back can be handed to it.
 */
export const PAGE_HYDRATED_EVENT = 'lb:page-hydrated';
