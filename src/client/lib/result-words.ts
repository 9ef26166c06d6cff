import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * The words an ended battle's winners share wherever they show: the battle page's podium
 * (BattleWinners) and the published results (/battles/:id/results).
 */
export const resultWords: Record<'noVotesCast' | 'votes', MessageDescriptor> = defineMessages({
  noVotesCast: { id: 'results.noVotesCast', defaultMessage: 'No votes were cast in this battle.' },
  votes: { id: 'results.votes', defaultMessage: '{votes, plural, one {# vote} other {# votes}}' },
});
