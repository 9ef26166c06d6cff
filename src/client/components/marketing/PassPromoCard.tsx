import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/ThemeIcon.css';
import type { ReactNode } from 'react';
import { Card, Container, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ChallengeDto } from '#shared/challenges.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { challengeDays } from '#shared/date-range.ts';
import { formatMoney, passWorthDollars } from '#shared/money.ts';
import { sourceIntl, useMessages } from '#client/i18n/language.tsx';
import type { IntlShape } from 'react-intl';

/**
 * The card's five benefits (docs/SPEC.md section 2), whose figures come from the battle
 * (docs/RULES.md rule 21): the pass's worth from its live shops, the days from its dates. The
 * worth is left out until the shops are known, and while there are none. In the page's language
 * (`intl`), English unless told.
 */
export function passBenefits(
  challenge: Pick<ChallengeDto, 'startDate' | 'endDate'>,
  liveShopCount: number | undefined,
  intl: IntlShape = sourceIntl(),
): string[] {
  const money = (amount: number) => formatMoney(amount, { locale: intl.locale });
  return [
    intl.formatMessage(
      {
        id: 'passPromo.couponEverywhere',
        defaultMessage: 'A {couponValue} coupon at every participating shop',
      },
      { couponValue: money(COUPON_VALUE_DOLLARS) },
    ),
    ...(liveShopCount
      ? [
          intl.formatMessage(
            { id: 'passPromo.worth', defaultMessage: '{worth} in free coffee for one pass' },
            { worth: money(passWorthDollars(liveShopCount)) },
          ),
        ]
      : []),
    intl.formatMessage({
      id: 'passPromo.votePerCoupon',
      defaultMessage: 'One vote for every coupon you redeem',
    }),
    intl.formatMessage(
      {
        id: 'passPromo.days',
        defaultMessage: 'About {days, plural, one {# day} other {# days}} to visit every shop',
      },
      { days: challengeDays(challenge.startDate, challenge.endDate) },
    ),
    intl.formatMessage({
      id: 'passPromo.supportLocal',
      defaultMessage: 'Support local businesses in your city',
    }),
  ];
}

/**
 * The pass promo card (docs/SPEC.md section 2): the benefits and the challenge's own price (the
 * one checkout charges), above the page's pass button.
 */
export function PassPromoCard({
  challenge,
  liveShopCount,
  draws,
  action,
}: {
  challenge: Pick<ChallengeDto, 'price' | 'startDate' | 'endDate'>;
  /** The challenge's shops not deleted; undefined while they load. */
  liveShopCount: number | undefined;
  /** The battle's prize draws, above the button. */
  draws: ReactNode;
  /** 'Buy Your Pass Now' while passes sell, a holder's 'My Battle Pass', or nothing. */
  action: ReactNode;
}) {
  const intl = useMessages();
  return (
    <Container
      size="sm"
      py={{ base: 'xl', sm: 60 }}
      component="section"
      aria-labelledby="pass-promo-title"
    >
      <Card withBorder shadow="sm" radius="lg" padding="xl">
        <Stack gap="md" align="center" ta="center">
          <Title order={2} id="pass-promo-title">
            {intl.formatMessage({ id: 'passPromo.title', defaultMessage: 'Get Your Battle Pass' })}
          </Title>
          <Text fz={48} fw={800} c="coffee.8" lh={1}>
            {formatMoney(challenge.price, { locale: intl.locale })}
          </Text>
          <List
            spacing="sm"
            ta="left"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light">
                <IconCheck size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            {passBenefits(challenge, liveShopCount, intl).map((benefit) => (
              <List.Item key={benefit}>{benefit}</List.Item>
            ))}
          </List>
          {draws}
          {action}
        </Stack>
      </Card>
    </Container>
  );
}
