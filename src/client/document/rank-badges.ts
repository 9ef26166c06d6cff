import type { DehydratedState } from '@tanstack/react-query';
import type { PublicBusiness, VoteCounts } from '#shared/businesses.ts';
import { PUBLIC_DATA_STALE_MS, TOP_RANK_HIGHLIGHT } from '#shared/constants.ts';
import { shownRanksById } from '#shared/ranking.ts';
import { SERVER_STATE_ID } from '#shared/server-render.ts';
import {
  RANK_BADGE_ATTRIBUTE,
  RANK_WORDS_ATTRIBUTE,
  TOP_RANK_ATTRIBUTE,
  rankLabel,
  rankText,
  type RankWords,
} from '#client/lib/live-parts.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { followVoteCounts } from '#client/lib/vote-stream.ts';
import { setAttribute, setText } from './page-changes.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * The shops a rank is counted among: the live shops the page was drawn with (its answers ride
 * along for the web app, src/client/entry-server.tsx), as the web app counts them.
 */
function liveShopIds(): number[] | undefined {
  const state = JSON.parse(
    document.getElementById(SERVER_STATE_ID)?.textContent ?? 'null',
  ) as DehydratedState | null;
  const shops = state?.queries.find(
    (query) => query.queryKey.length === 1 && query.queryKey[0] === queryKeys.businesses[0],
  )?.state.data as PublicBusiness[] | undefined;
  return shops?.map((shop) => shop.id);
}

/**
 * Keeps the shop cards' rank badges (ShopCard.tsx) on the live counts: the vote stream, or
 * GET /api/votes polled while there is none. Returns the function that stops it.
 */
export function followRankBadges(): () => void {
  const badges = [...document.querySelectorAll(`[${RANK_BADGE_ATTRIBUTE}]`)];
  if (badges.length === 0) return () => undefined;
  const ids =
    liveShopIds() ?? badges.map((badge) => Number(badge.getAttribute(RANK_BADGE_ATTRIBUTE)));

  // A page in another language than the code's English carries its label's words.
  const wordsText = badges[0]!.getAttribute(RANK_WORDS_ATTRIBUTE);
  const words = wordsText ? (JSON.parse(wordsText) as RankWords) : undefined;

  const show = (counts: VoteCounts) => {
    const ranks = shownRanksById(counts, ids);
    for (const badge of badges) {
      const id = Number(badge.getAttribute(RANK_BADGE_ATTRIBUTE));
      const rank = ranks[id] ?? null;
      setText(badge, rankText(rank));
      setAttribute(badge, 'aria-label', rankLabel(rank, counts[id], words));
      setAttribute(badge, 'hidden', rank === null ? '' : null);
      setAttribute(
        badge,
        TOP_RANK_ATTRIBUTE,
        rank !== null && rank <= TOP_RANK_HIGHLIGHT ? '' : null,
      );
    }
  };

  let polling: ReturnType<typeof setInterval> | undefined;
  const poll = async () => {
    const answer = await fetch(endpoints.voteCounts.path);
    if (answer.ok) show((await answer.json()) as VoteCounts);
  };
  const stopStream = followVoteCounts({
    onCounts: show,
    onLive(live) {
      if (live) {
        clearInterval(polling);
        polling = undefined;
      } else {
        polling ??= setInterval(() => void poll().catch(() => undefined), PUBLIC_DATA_STALE_MS);
      }
    },
  });
  return () => {
    stopStream();
    clearInterval(polling);
  };
}
