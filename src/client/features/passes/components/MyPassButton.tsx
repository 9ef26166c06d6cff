import { useId } from 'react';
import { Button, Stack, Text, type ButtonProps, type MantineColor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { countOf } from '#shared/plural.ts';
import type { PassProgress } from '../api/get-pass-progress.ts';

/** '3 of 8 shops · 1 vote to cast'; the votes only while they can be cast. */
export function passProgressText(progress: PassProgress, votingOpen: boolean): string {
  const shops = `${String(progress.redeemed)} of ${countOf(progress.shops, 'shop')}`;
  return votingOpen ? `${shops} · ${countOf(progress.availableVotes, 'vote')} to cast` : shops;
}

/**
 * A pass holder's 'My Battle Pass' in place of a page's buy button (docs/RULES.md rule 22), with
 * the progress under it, which the link names as its description.
 */
export function MyPassButton({
  progress,
  votingOpen,
  progressColor,
  ...button
}: {
  /** Null while it loads: the button stands alone. */
  progress: PassProgress | null;
  votingOpen: boolean;
  progressColor?: MantineColor;
} & Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'>) {
  const progressId = useId();
  return (
    <Stack gap={4} align="center" w={button.fullWidth ? '100%' : undefined}>
      <Button
        component={Link}
        to={paths.profile}
        aria-describedby={progress ? progressId : undefined}
        {...button}
      >
        My Battle Pass
      </Button>
      {progress && (
        <Text id={progressId} size="sm" c={progressColor}>
          {passProgressText(progress, votingOpen)}
        </Text>
      )}
    </Stack>
  );
}
