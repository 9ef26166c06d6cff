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
import { countOf } from '#shared/plural.ts';

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
  const [shopsOpen, shopsToggle] = useDisclosure(false);
  const shopCount = businesses.length;

  return (
    <Grid gap={{ base: 'lg', md: 'xl' }} p={{ base: 'md', sm: 'xl' }} maw={1100} mx="auto">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <div>
            <Text fw={600} c="coffee.8" tt="uppercase" fz="sm">
              Battle Pass
            </Text>
            <Title order={1}>{challenge.title}</Title>
          </div>
          <Paper withBorder p="lg">
            <Stack gap="xs">
              <Text fz={40} fw={800} lh={1} c="coffee.8">
                {formatMoney(challenge.price)}
              </Text>
              <Text>
                {countOf(shopCount, 'shop')} included
                {shopCount > 0 && `: ${formatMoney(passWorthDollars(shopCount))} in coupons`}
              </Text>
              {/* On the battle's own clock, named, so no visitor reads it in their own zone. */}
              <Text c="dimmed">
                Redeem and vote until {formatInstant(challenge.endDate, challenge.timeZone)}
              </Text>
            </Stack>
          </Paper>
          <List spacing="sm" center icon={<BenefitIcon />} aria-label="What you get">
            <List.Item>
              {formatMoney(COUPON_VALUE_DOLLARS)} credit at every participating shop
            </List.Item>
            <List.Item>Each redeemed coupon gives you 1 vote</List.Item>
            <List.Item>Secure checkout via a card payment provider</List.Item>
          </List>
          <Text fz="sm" c="dimmed">
            How we handle your data:{' '}
            <Anchor component={Link} to={paths.privacy}>
              Privacy
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
              Participating shops ({shopCount})
            </Button>
            <Collapse expanded={shopsOpen}>
              <List
                id="participating-shops"
                mt="sm"
                spacing="xs"
                listStyleType="none"
                aria-label="Participating shops"
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
