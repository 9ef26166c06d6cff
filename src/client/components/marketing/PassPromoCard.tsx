import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/ThemeIcon.css';
import { Button, Card, Container, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COUPON_VALUE_DOLLARS, PROMO_PASS_PRICE_DOLLARS } from '#shared/constants.ts';
import { paths } from '#shared/paths.ts';
import { formatMoney } from '#shared/money.ts';

const benefits = [
  `A ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at every participating shop`,
  'Over $50 in free coffee for one pass',
  'One vote for every coupon you redeem',
  'About 30 days to visit every shop',
  'Support local businesses in your city',
];

/**
 * The pass promo card (docs/SPEC.md section 2): five benefits and the fixed $25 price; the buy
 * button only while passes are on sale (the battle runs).
 */
export function PassPromoCard({ onSale }: { onSale: boolean }) {
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
            Get Your Battle Pass
          </Title>
          <Text fz={48} fw={800} c="coffee.8" lh={1}>
            {formatMoney(PROMO_PASS_PRICE_DOLLARS)}
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
            {benefits.map((benefit) => (
              <List.Item key={benefit}>{benefit}</List.Item>
            ))}
          </List>
          {onSale && (
            <Button component={Link} to={paths.checkout} size="lg" fullWidth>
              Buy Your Pass Now
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
