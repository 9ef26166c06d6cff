import { Container } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';
import { ExplorerBoard } from './ExplorerBoard.tsx';

/** The explorer board in its own band of the battle page, as wide as the page's other sections. */
export function ExplorerBoardSection({ challenge }: { challenge: ChallengeDto }) {
  return (
    <Container size="lg" pt="xl">
      <ExplorerBoard challenge={challenge} />
    </Container>
  );
}
