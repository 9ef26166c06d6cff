import { Text } from '@mantine/core';
import type { MemberDraws } from '#shared/draws.ts';
import type { IntlShape } from 'react-intl';
import { useMessages } from '#client/i18n/language.tsx';
import { useMemberDraws } from '../api/pass-draws.ts';

/** What one draw means for the member, once the battle has ended. */
function drawResultText(draw: MemberDraws['draws'][number], intl: IntlShape): string {
  const prize = draw.prize;
  if (draw.youWon)
    return intl.formatMessage(
      { id: 'myDrawResult.won', defaultMessage: 'You won {prize}!' },
      { prize },
    );
  if (!draw.revealed)
    return intl.formatMessage(
      { id: 'myDrawResult.pending', defaultMessage: '{prize}: drawn within a minute of the end.' },
      { prize },
    );
  if (draw.yourEntries === 0)
    return intl.formatMessage(
      { id: 'myDrawResult.noEntries', defaultMessage: '{prize}: you had no entries.' },
      { prize },
    );
  return intl.formatMessage(
    { id: 'myDrawResult.notWon', defaultMessage: '{prize}: not won this time.' },
    { prize },
  );
}

/**
 * After the end, on the member's summary: their result in each prize draw of the battle (GET
 * /api/user/draws; docs/RULES.md rule 19), asked again until every draw is revealed. Nothing when
 * the battle had no draw.
 */
export function MyDrawResults() {
  const intl = useMessages();
  const draws = useMemberDraws({ untilRevealed: true });
  if (!draws.data || draws.data.draws.length === 0) return null;
  return draws.data.draws.map((draw) => (
    <Text key={draw.id} fw={draw.youWon ? 700 : undefined}>
      {drawResultText(draw, intl)}
    </Text>
  ));
}
