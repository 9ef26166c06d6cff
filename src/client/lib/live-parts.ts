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

/** What a screen reader hears for a rank badge. */
export function rankLabel(rank: number | null, votes: number | undefined): string {
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
