import { useId } from 'react';
import { Button, Stack, Text, type ButtonProps, type MantineColor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import type { IntlShape } from 'react-intl';
import { headerMessages } from '#client/components/header-messages.ts';
import { useMessages } from '#client/i18n/language.tsx';
import type { PassProgress } from '../api/get-pass-progress.ts';

/** '3 of 8 shops · 1 vote to cast'; the votes only while they can be cast. */
function passProgressText(intl: IntlShape, progress: PassProgress, votingOpen: boolean): string {
  const shops = intl.formatMessage(
    {
      id: 'myPass.shops',
      defaultMessage: '{redeemed} of {shops, plural, one {# shop} other {# shops}}',
    },
    { redeemed: progress.redeemed, shops: progress.shops },
  );
  return votingOpen
    ? intl.formatMessage(
        {
          id: 'myPass.shopsAndVotes',
          defaultMessage: '{shops} · {votes, plural, one {# vote} other {# votes}} to cast',
        },
        { shops, votes: progress.availableVotes },
      )
    : shops;
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
  const intl = useMessages();
  const progressId = useId();
  return (
    <Stack gap={4} align="center" w={button.fullWidth ? '100%' : undefined}>
      <Button
        component={Link}
        to={paths.profile}
        aria-describedby={progress ? progressId : undefined}
        {...button}
      >
        {intl.formatMessage(headerMessages.myBattlePass)}
      </Button>
      {progress && (
        <Text id={progressId} size="sm" c={progressColor}>
          {passProgressText(intl, progress, votingOpen)}
        </Text>
      )}
    </Stack>
  );
}
