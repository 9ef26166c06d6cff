import { useId } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { type PublicDraw } from '#shared/draws.ts';
import { minimumShopsOf } from '#shared/draw-entries.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useCommittedDraws } from '../api/pass-draws.ts';

/** 'Every redeemed coupon is one entry to win {prize}: 1 winner drawn when the battle ends.' */
export function drawAdvertText(
  draw: Pick<PublicDraw, 'prize' | 'winnerCount' | 'entries'>,
  intl: IntlShape,
) {
  const shops = minimumShopsOf(draw.entries);
  return intl.formatMessage(
    {
      id: 'drawAdvert.text',
      defaultMessage:
        '{entries, select, shops {Every pass that visits at least {shops, plural, one {# shop} other {# shops}} is one entry} coupons {Every redeemed coupon is one entry} other {Every pass that redeems a coupon is one entry}} to win {prize}: {winners, plural, one {# winner} other {# winners}} drawn when the battle ends.',
    },
    {
      entries: shops !== null ? 'shops' : draw.entries === 'coupons' ? 'coupons' : 'passes',
      shops: shops ?? 0,
      prize: draw.prize,
      winners: draw.winnerCount,
    },
  );
}

/**
 * The battle's committed prize draws, beside a pass on sale (docs/RULES.md rule 19): nothing
 * while there are none.
 */
export function DrawAdvert({
  challengeId,
  headingOrder = 3,
}: {
  challengeId: number;
  /** Its heading's level where it stands: 3 under the pass card's heading, 2 at a page's top. */
  headingOrder?: 2 | 3;
}) {
  const intl = useMessages();
  const draws = useCommittedDraws(challengeId);
  const headingId = useId();
  if (draws.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={headingOrder} size="h5" id={headingId}>
          {intl.formatMessage(
            {
              id: 'drawAdvert.title',
              defaultMessage: '{count, plural, one {Prize draw} other {Prize draws}}',
            },
            { count: draws.length },
          )}
        </Title>
        {draws.map((draw) => (
          <Text key={draw.id} size="sm">
            {drawAdvertText(draw, intl)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
