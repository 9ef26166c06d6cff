import { Button } from '@mantine/core';
import { useResetVotes } from '../api/reset-votes.ts';

/** 'Reset Votes (Testing Only)': render it only when the server has test tools on (rule 5). */
export function ResetVotesButton() {
  const reset = useResetVotes();
  return (
    <Button
      variant="outline"
      color="red.8"
      loading={reset.isPending}
      onClick={() => reset.mutate()}
    >
      Reset Votes (Testing Only)
    </Button>
  );
}
