import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCoffee, IconIceCream, IconPepper } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COUPON_VALUE_DOLLARS, FALLBACK_CHALLENGE_TITLE } from '#shared/constants.ts';
import { paths } from '#shared/paths.ts';
import { Hero } from '#client/components/marketing/Hero.tsx';
import { HowItWorks } from '#client/components/marketing/HowItWorks.tsx';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { formatMoney } from '#shared/money.ts';

const HOW_IT_WORKS_ID = 'how-it-works';

const comingSoon = [
  { name: 'Taco Battle', icon: IconPepper, text: 'Find the best tacos in town.' },
  { name: 'Ice Cream Battle', icon: IconIceCream, text: 'Scoop by scoop, pick the sweetest shop.' },
];

/**
 * /battles: the landing variant of the spec (500px hero, Current Battles, How It Works),
 * whose path the spec leaves open. 'Join Current Battle' and 'Join Battle' lead to the coffee
 * battle's page, /battles/coffee, as the spec's route table and hero buttons say.
 */
export default function BattlesRoute() {
  const challenge = useCurrentBattle();
  const coffeeTitle = challenge.data?.title ?? FALLBACK_CHALLENGE_TITLE;
  usePageMeta(pages.battles);

  return (
    <>
      <Hero
        minHeight={500}
        title="Local Battles"
        subtitle={`Discover your city's best local shops, save with ${formatMoney(COUPON_VALUE_DOLLARS)} coupons and vote for your favorites.`}
        actions={
          <>
            <Button component={Link} to={paths.coffeeBattle} variant="white" size="md">
              Join Current Battle
            </Button>
            <Button
              component="a"
              href={`#${HOW_IT_WORKS_ID}`}
              variant="outline"
              color="white"
              size="md"
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(HOW_IT_WORKS_ID)?.scrollIntoView({ behavior: 'smooth' });
              }}
            >
              Learn More
            </Button>
          </>
        }
      />
      <Container
        size="lg"
        py={{ base: 'xl', sm: 60 }}
        component="section"
        aria-labelledby="current-battles-title"
      >
        <Title order={2} ta="center" mb="xl" id="current-battles-title">
          Current Battles
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Card withBorder radius="md" padding="lg" component="article" aria-label="Coffee Battle">
            <Stack gap="sm" h="100%">
              <Group justify="space-between">
                <IconCoffee size={36} aria-hidden color="var(--mantine-color-coffee-8)" />
                <Badge color="coffee.7">Active</Badge>
              </Group>
              <Title order={3} fz="lg">
                Coffee Battle
              </Title>
              <Text c="dimmed" style={{ flexGrow: 1 }}>
                {coffeeTitle}: redeem a {formatMoney(COUPON_VALUE_DOLLARS)} coupon at every
                participating coffee shop and vote for the best.
              </Text>
              <Button component={Link} to={paths.coffeeBattle} fullWidth>
                Join Battle
              </Button>
            </Stack>
          </Card>
          {comingSoon.map(({ name, icon: Icon, text }) => (
            <Card
              key={name}
              withBorder
              radius="md"
              padding="lg"
              component="article"
              aria-label={name}
            >
              <Stack gap="sm" h="100%">
                <Group justify="space-between">
                  <Icon size={36} aria-hidden color="var(--mantine-color-gray-7)" />
                  <Badge color="gray.7">Coming Soon</Badge>
                </Group>
                <Title order={3} fz="lg">
                  {name}
                </Title>
                <Text c="dimmed" style={{ flexGrow: 1 }}>
                  {text}
                </Text>
                <Button fullWidth disabled>
                  Coming Soon
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Box bg="coffee.0" style={{ scrollMarginTop: 72 }} id={HOW_IT_WORKS_ID}>
        <HowItWorks id="landing-how-it-works" />
      </Box>
    </>
  );
}
