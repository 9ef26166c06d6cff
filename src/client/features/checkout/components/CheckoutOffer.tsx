import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/ThemeIcon.css';
import type { ReactNode } from 'react';
import {
  Anchor,
  Button,
  Collapse,
  Grid,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconCircleCheck } from '@tabler/icons-react';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatInstant } from '#shared/date-range.ts';
import { formatMoney, passWorthDollars } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { useMessages } from '#client/i18n/language.tsx';

export interface CheckoutOfferProps {
  challenge: ChallengeDto;
  businesses: readonly PublicBusiness[];
  /** Sign-in tabs or the signed-in purchase button; the route decides. */
  purchaseCard: ReactNode;
}

/**
 * The main /checkout view: what the pass costs and gives (its worth from the live shops,
 * docs/RULES.md rule 21), until when, and where to buy it (docs/SPEC.md section 2).
 */
export function CheckoutOffer({ challenge, businesses, purchaseCard }: CheckoutOfferProps) {
  const intl = useMessages();
  const { locale } = intl;
  const [shopsOpen, shopsToggle] = useDisclosure(false);
  const shopCount = businesses.length;

  return (
    <Grid gap={{ base: 'lg', md: 'xl' }} p={{ base: 'md', sm: 'xl' }} maw={1100} mx="auto">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <div>
            <Text fw={600} c="coffee.8" tt="uppercase" fz="sm">
              {intl.formatMessage({
                id: 'checkoutOffer.battlePass',
                defaultMessage: 'Battle Pass',
              })}
            </Text>
            <Title order={1}>{challenge.title}</Title>
          </div>
          <Paper withBorder p="lg">
            <Stack gap="xs">
              <Text fz={40} fw={800} lh={1} c="coffee.8">
                {formatMoney(challenge.price, { locale })}
              </Text>
              <Text>
                {shopCount > 0
                  ? intl.formatMessage(
                      {
                        id: 'checkoutOffer.shopsIncludedWorth',
                        defaultMessage:
                          '{count, plural, one {# shop} other {# shops}} included: {worth} in coupons',
                      },
                      {
                        count: shopCount,
                        worth: formatMoney(passWorthDollars(shopCount), { locale }),
                      },
                    )
                  : intl.formatMessage({
                      id: 'checkoutOffer.noShopsIncluded',
                      defaultMessage: '0 shops included',
                    })}
              </Text>
              {/* On the battle's own clock, named, so no visitor reads it in their own zone. */}
              <Text c="dimmed">
                {intl.formatMessage(
                  {
                    id: 'checkoutOffer.redeemUntil',
                    defaultMessage: 'Redeem and vote until {end}',
                  },
                  { end: formatInstant(challenge.endDate, challenge.timeZone, { locale }) },
                )}
              </Text>
            </Stack>
          </Paper>
          <List
            spacing="sm"
            center
            icon={<BenefitIcon />}
            aria-label={intl.formatMessage({
              id: 'checkoutOffer.whatYouGet',
              defaultMessage: 'What you get',
            })}
          >
            <List.Item>
              {intl.formatMessage(
                {
                  id: 'checkoutOffer.creditEverywhere',
                  defaultMessage: '{credit} credit at every participating shop',
                },
                { credit: formatMoney(COUPON_VALUE_DOLLARS, { locale }) },
              )}
            </List.Item>
            <List.Item>
              {intl.formatMessage({
                id: 'checkoutOffer.votePerCoupon',
                defaultMessage: 'Each redeemed coupon gives you 1 vote',
              })}
            </List.Item>
            <List.Item>
              {intl.formatMessage({
                id: 'checkoutOffer.secureCheckout',
                defaultMessage: 'Secure checkout via a card payment provider',
              })}
            </List.Item>
          </List>
          <Text fz="sm" c="dimmed">
            {intl.formatMessage({
              id: 'checkoutOffer.dataHandling',
              defaultMessage: 'How we handle your data:',
            })}{' '}
            <Anchor component={Link} to={paths.privacy}>
              {intl.formatMessage({ id: 'checkoutOffer.privacy', defaultMessage: 'Privacy' })}
            </Anchor>
          </Text>
          <div>
            <Button
              variant="light"
              onClick={shopsToggle.toggle}
              aria-expanded={shopsOpen}
              aria-controls="participating-shops"
              rightSection={
                shopsOpen ? (
                  <IconChevronUp size={16} aria-hidden />
                ) : (
                  <IconChevronDown size={16} aria-hidden />
                )
              }
            >
              {intl.formatMessage(
                {
                  id: 'checkoutOffer.participatingShopsCount',
                  defaultMessage: 'Participating shops ({count})',
                },
                { count: shopCount },
              )}
            </Button>
            <Collapse expanded={shopsOpen}>
              <List
                id="participating-shops"
                mt="sm"
                spacing="xs"
                listStyleType="none"
                aria-label={intl.formatMessage({
                  id: 'checkoutOffer.participatingShops',
                  defaultMessage: 'Participating shops',
                })}
              >
                {businesses.map((business) => (
                  <List.Item key={business.id}>
                    <Text fw={600}>{business.name}</Text>
                    <Text fz="sm" c="dimmed">
                      {business.address}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Collapse>
          </div>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>{purchaseCard}</Grid.Col>
    </Grid>
  );
}

function BenefitIcon() {
  return (
    <ThemeIcon color="coffee.1" c="coffee.9" size={24} radius="xl">
      <IconCircleCheck size={16} aria-hidden />
    </ThemeIcon>
  );
}
