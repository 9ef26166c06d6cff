import { Text } from '@mantine/core';
import type { MemberDraws } from '#shared/draws.ts';
import { useMemberDraws } from '../api/pass-draws.ts';

/** What one draw means for the member, once the battle has ended. */
export function drawResultText(draw: MemberDraws['draws'][number]): string {
  if (draw.youWon) return `You won ${draw.prize}!`;
  if (!draw.revealed) return `${draw.prize}: drawn within a minute of the end.`;
  if (draw.yourEntries === 0) return `${draw.prize}: you had no entries.`;
  return `${draw.prize}: not won this time.`;
}

/**
 * After the end, on the member's summary: their result in each prize draw of the battle (GET
 * /api/user/draws; docs/RULES.md rule 19), asked again until every draw is revealed. Nothing when
 * the battle had no draw.
 */
export function MyDrawResults() {
  const draws = useMemberDraws({ untilRevealed: true });
  if (!draws.data || draws.data.draws.length === 0) return null;
  return draws.data.draws.map((draw) => (
    <Text key={draw.id} fw={draw.youWon ? 700 : undefined}>
      {drawResultText(draw)}
    </Text>
  ));
}
