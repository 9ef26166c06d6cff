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
import {
  IconCoffee,
  IconIceCream,
  IconPepper,
  IconTrophy,
  type TablerIcon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { challengePhase, type ChallengePhase } from '#shared/challenge-phase.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatChallengeDates } from '#shared/date-range.ts';
import { paths } from '#shared/paths.ts';
import { Hero } from '#client/components/marketing/Hero.tsx';
import { HowItWorks } from '#client/components/marketing/HowItWorks.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { SaleAlertForm } from '#client/features/messages/components/SaleAlertForm.tsx';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { pageNow } from '#client/lib/drawn-at.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { usePublishedChallenges } from '#client/lib/published-challenges.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';

const HOW_IT_WORKS_ID = 'how-it-works';

const themeIcons: Record<string, TablerIcon> = {
  coffee: IconCoffee,
  taco: IconPepper,
  'ice-cream': IconIceCream,
};

type PhaseWord = 'active' | 'comingSoon' | 'ended';

const words: Record<'themeBattle' | PhaseWord, MessageDescriptor> = defineMessages({
  themeBattle: { id: 'battles.themeBattle', defaultMessage: '{theme} Battle' },
  active: { id: 'battles.active', defaultMessage: 'Active' },
  comingSoon: { id: 'battles.comingSoon', defaultMessage: 'Coming Soon' },
  ended: { id: 'battles.ended', defaultMessage: 'Ended' },
});

const badges: Record<ChallengePhase, { label: MessageDescriptor; color: string }> = {
  running: { label: words.active, color: 'coffee.7' },
  upcoming: { label: words.comingSoon, color: 'gray.7' },
  ended: { label: words.ended, color: 'dark.4' },
};

/** Running battles first, then those to come, then those that ended: each in order of start. */
const PHASE_ORDER: Record<ChallengePhase, number> = { running: 0, upcoming: 1, ended: 2 };

/**
 * One published battle on the schedule, in its phase now: the current one to join, one to come
 * with its sale alert, one that ended with its results.
 */
function BattleCard({ battle, isCurrent }: { battle: ChallengeDto; isCurrent: boolean }) {
  const phase = useChallengePhase(battle) ?? 'upcoming';
  const [alerting, setAlerting] = useState(false);
  const Icon = themeIcons[battle.theme] ?? IconTrophy;
  const badge = badges[phase];
  const intl = useMessages();
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={battle.title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Icon
            size={36}
            aria-hidden
            color={`var(--mantine-color-${phase === 'running' ? 'coffee-8' : 'gray-7'})`}
          />
          <Badge color={badge.color}>{intl.formatMessage(badge.label)}</Badge>
        </Group>
        <Title order={3} fz="lg">
          {/* The theme's label in the page's language, else the battle's own or its key's words. */}
          {intl.formatMessage(words.themeBattle, { theme: battle.themeLabel })}
        </Title>
        <Text fw={600}>{battle.title}</Text>
        <Text size="sm" c="dimmed">
          {formatChallengeDates(battle.startDate, battle.endDate, battle.timeZone, intl.locale)}
        </Text>
        <Text c="dimmed" style={{ flexGrow: 1 }}>
          {battle.description}
        </Text>
        {phase === 'running' && isCurrent && (
          <Button component={Link} to={paths.coffeeBattle} fullWidth>
            {intl.formatMessage({ id: 'battles.joinBattle', defaultMessage: 'Join Battle' })}
          </Button>
        )}
        {phase === 'upcoming' && (
          <>
            <Button fullWidth disabled>
              {intl.formatMessage(words.comingSoon)}
            </Button>
            {alerting ? (
              <SaleAlertForm challengeId={battle.id} />
            ) : (
              <Button
                variant="subtle"
                fullWidth
                onClick={() => {
                  setAlerting(true);
                }}
              >
                {intl.formatMessage({
                  id: 'battles.tellMeWhenItStarts',
                  defaultMessage: 'Tell me when it starts',
                })}
              </Button>
            )}
          </>
        )}
        {phase === 'ended' && (
          <Button component={Link} to={paths.results(battle.id)} variant="light" fullWidth>
            {intl.formatMessage({ id: 'battles.seeResults', defaultMessage: 'See the results' })}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /battles: the landing variant of the spec (500px hero, Current Battles, How It Works),
 * whose path the spec leaves open. 'Join Current Battle' and 'Join Battle' lead to the coffee
 * battle's page, /battles/coffee, as the spec's route table and hero buttons say. Its battle
 * cards are the schedule: every published battle, none written into the page (the spec's
 * 'Coming Soon' taco and ice-cream cards are the demo seed's upcoming battles).
 */
export default function BattlesRoute() {
  const current = useCurrentBattle();
  const published = usePublishedChallenges();
  usePageMeta(pages.battles);
  const intl = useMessages();
  const battles = [...(published.data ?? [])].sort(
    (a, b) => PHASE_ORDER[challengePhase(a, pageNow())] - PHASE_ORDER[challengePhase(b, pageNow())],
  );

  return (
    <>
      <Hero
        minHeight={500}
        title={intl.formatMessage({ id: 'battles.heroTitle', defaultMessage: 'Local Battles' })}
        subtitle={intl.formatMessage(
          {
            id: 'battles.heroSubtitle',
            defaultMessage:
              "Discover your city's best local shops, save with {couponValue} coupons and vote for your favorites.",
          },
          { couponValue: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }) },
        )}
        actions={
          <>
            <Button component={Link} to={paths.coffeeBattle} variant="white" size="md">
              {intl.formatMessage({
                id: 'battles.joinCurrentBattle',
                defaultMessage: 'Join Current Battle',
              })}
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
              {intl.formatMessage({ id: 'home.learnMore', defaultMessage: 'Learn More' })}
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
          {intl.formatMessage({ id: 'battles.currentBattles', defaultMessage: 'Current Battles' })}
        </Title>
        {published.isPending ? (
          <PageLoader
            label={intl.formatMessage({
              id: 'battles.loading',
              defaultMessage: 'Loading the battles',
            })}
          />
        ) : published.isError ? (
          <Text ta="center" c="dimmed" role="alert">
            {intl.formatMessage({
              id: 'battles.loadFailed',
              defaultMessage: 'The battles could not be loaded. Please try again later.',
            })}
          </Text>
        ) : battles.length === 0 ? (
          <Text ta="center" c="dimmed">
            {intl.formatMessage({
              id: 'battles.none',
              defaultMessage: 'No battles are published yet. Please check back later.',
            })}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {battles.map((battle) => (
              <BattleCard
                key={battle.id}
                battle={battle}
                isCurrent={battle.id === current.data?.id}
              />
            ))}
          </SimpleGrid>
        )}
      </Container>
      <Box bg="coffee.0" style={{ scrollMarginTop: 72 }} id={HOW_IT_WORKS_ID}>
        <HowItWorks id="landing-how-it-works" />
      </Box>
    </>
  );
}
