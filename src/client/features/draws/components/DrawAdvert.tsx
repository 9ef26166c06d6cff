import { useId } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { countOf } from '#shared/plural.ts';
import { minimumShopsOf, type PublicDraw } from '#shared/draws.ts';
import { useCommittedDraws } from '../api/pass-draws.ts';

/** 'Every redeemed coupon is one entry to win {prize}: 1 winner drawn when the battle ends.' */
export function drawAdvertText(draw: Pick<PublicDraw, 'prize' | 'winnerCount' | 'entries'>) {
  const shops = minimumShopsOf(draw.entries);
  const entry =
    shops !== null
      ? `Every pass that visits at least ${countOf(shops, 'shop')} is one entry`
      : draw.entries === 'coupons'
        ? 'Every redeemed coupon is one entry'
        : 'Every pass that redeems a coupon is one entry';
  return `${entry} to win ${draw.prize}: ${countOf(draw.winnerCount, 'winner')} drawn when the battle ends.`;
}

/**
 * The battle's committed prize draws, beside a pass on sale (docs/RULES.md rule 19): nothing
 * while there are none.
 */
export function DrawAdvert({ challengeId }: { challengeId: number }) {
  const draws = useCommittedDraws(challengeId);
  const headingId = useId();
  if (draws.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={3} size="h5" id={headingId}>
          {draws.length === 1 ? 'Prize draw' : 'Prize draws'}
        </Title>
        {draws.map((draw) => (
          <Text key={draw.id} size="sm">
            {drawAdvertText(draw)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
