import '@mantine/core/styles/Alert.css';
import { Alert, Box, Button, Container, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { standingsFrozen, type ChallengeDto } from '#shared/challenges.ts';
import { COUPON_VALUE_DOLLARS, FALLBACK_CHALLENGE_TITLE } from '#shared/constants.ts';
import { challengeDays, formatChallengeDates } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { Countdown } from '#client/components/Countdown.tsx';
import { FaqSection } from '#client/components/marketing/FaqSection.tsx';
import { Hero } from '#client/components/marketing/Hero.tsx';
import { HowItWorks } from '#client/components/marketing/HowItWorks.tsx';
import { PassPromoCard } from '#client/components/marketing/PassPromoCard.tsx';
import { ShareSection } from '#client/components/marketing/ShareSection.tsx';
import { NextBattle } from '#client/components/NextBattle.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { usePassHolding, type PassHolding } from '#client/features/passes/api/get-pass-progress.ts';
import { MyPassButton } from '#client/features/passes/components/MyPassButton.tsx';
import { DrawAdvert } from '#client/features/draws/components/DrawAdvert.tsx';
import { MilestoneTiers } from '#client/features/milestones/components/MilestoneTiers.tsx';
import { ExplorerBoardSection } from '#client/features/explorers/components/ExplorerBoardSection.tsx';
import { SaleAlertForm } from '#client/features/messages/components/SaleAlertForm.tsx';
import { BattleWinners } from '#client/features/shops/components/BattleWinners.tsx';
import { ParticipatingShops } from '#client/features/shops/components/ParticipatingShops.tsx';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useBusinesses } from '#client/lib/public-businesses.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useNow } from '#client/lib/use-now.ts';
import { useMessages } from '#client/i18n/language.tsx';

export const ABOUT_SECTION_ID = 'about';

/**
 * A buy button while it is not yet known whether the reader holds a pass: kept in its place but
 * unseen, under the signed-in hint until the account is known (src/shared/signed-in-hint.ts),
 * then until its pass is, so a pass holder never sees 'Buy' flash (docs/RULES.md rule 22).
 */
function buyButtonWhile(holding: PassHolding, userPending: boolean) {
  if (holding.kind !== 'unknown') return {};
  return userPending
    ? { 'data-signed-out-action': true }
    : { style: { visibility: 'hidden' as const }, 'aria-hidden': true, tabIndex: -1 };
}

/**
 * docs/RULES.md rule 18: in the last hours the public ranks and counts stop moving; votes still
 * count. Read on the page's clock (the server's while it draws the document, then the phone's),
 * so a visitor's document shows it as a member's app does.
 */
function FreezeNote({ challenge }: { challenge: ChallengeDto }) {
  const now = useNow();
  const intl = useMessages();
  if (!standingsFrozen(challenge, now)) return null;
  return (
    <Alert
      mt="md"
      color="blue"
      title={intl.formatMessage({ id: 'home.ranksFrozen', defaultMessage: 'Ranks frozen' })}
    >
      {intl.formatMessage(
        {
          id: 'home.ranksFrozenText',
          defaultMessage:
            "The shops' ranks and vote counts shown are those of {hours, plural, one {# hour} other {# hours}} before the end. Every vote still counts: the final results are published when the battle ends.",
        },
        { hours: challenge.standingsFreezeHours },
      )}
    </Alert>
  );
}

/** / and /battles/coffee: home of the current battle (docs/GLOSSARY.md). */
export default function HomeRoute() {
  const challenge = useCurrentBattle();
  const current = challenge.data ?? null;
  const title = current?.title ?? FALLBACK_CHALLENGE_TITLE;
  const phase = useChallengePhase(current);
  // Passes sell only while the battle runs; shown while loading, as it usually does.
  const onSale = challenge.isPending || phase === 'running';
  const { user, isPending: userPending } = useUser();
  const holding = usePassHolding(user?.id ?? null, userPending);
  const votingOpen = phase === 'running';
  // The same answer as the shop list below: the pass's worth counts its live shops (rule 21).
  const shops = useBusinesses({ enabled: current !== null });
  const intl = useMessages();
  usePageMeta({
    title: current?.title,
    description: current
      ? intl.formatMessage(
          {
            id: 'home.description',
            defaultMessage:
              '{title}: buy a battle pass, redeem a {couponValue} coupon at every participating shop and vote for your favorite.',
          },
          {
            title: current.title,
            couponValue: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }),
          },
        )
      : undefined,
  });

  return (
    <>
      <Hero
        title={title}
        subtitle={
          current
            ? formatChallengeDates(
                current.startDate,
                current.endDate,
                current.timeZone,
                intl.locale,
              )
            : null
        }
        actions={
          <>
            {holding.kind === 'holder' ? (
              <MyPassButton
                progress={holding.progress}
                votingOpen={votingOpen}
                variant="white"
                size="md"
                progressColor="coffee.1"
              />
            ) : (
              onSale && (
                <Button
                  component={Link}
                  to={paths.checkout}
                  variant="white"
                  size="md"
                  {...buyButtonWhile(holding, userPending)}
                >
                  {intl.formatMessage({
                    id: 'home.buyBattlePass',
                    defaultMessage: 'Buy Battle Pass',
                  })}
                </Button>
              )
            )}
            <Button
              component="a"
              href={`#${ABOUT_SECTION_ID}`}
              variant="outline"
              color="white"
              size="md"
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(ABOUT_SECTION_ID)?.scrollIntoView({ behavior: 'smooth' });
              }}
            >
              {intl.formatMessage({ id: 'home.learnMore', defaultMessage: 'Learn More' })}
            </Button>
          </>
        }
      />
      {challenge.isPending ? (
        <PageLoader
          label={intl.formatMessage({
            id: 'home.loadingChallenge',
            defaultMessage: 'Loading the challenge',
          })}
        />
      ) : (
        <>
          {current && (
            <Container
              size="lg"
              pt={{ base: 'xl', sm: 60 }}
              component="section"
              aria-label={
                phase === 'ended'
                  ? intl.formatMessage({ id: 'home.results', defaultMessage: 'Results' })
                  : intl.formatMessage({ id: 'home.countdown', defaultMessage: 'Countdown' })
              }
            >
              {phase === 'upcoming' && (
                <>
                  <Countdown
                    target={current.startDate}
                    title={intl.formatMessage({ id: 'home.startsIn', defaultMessage: 'Starts in' })}
                    text={intl.formatMessage({
                      id: 'home.startsInText',
                      defaultMessage: 'Passes, coupons and votes open when the battle starts.',
                    })}
                  />
                  <SaleAlertForm challengeId={current.id} />
                </>
              )}
              {phase === 'running' && (
                <Countdown
                  target={current.endDate}
                  title={intl.formatMessage({
                    id: 'home.timeLeft',
                    defaultMessage: 'Time Left to Participate',
                  })}
                  text={intl.formatMessage({
                    id: 'home.timeLeftText',
                    defaultMessage:
                      'Visit shops, redeem coupons, and vote before the challenge ends!',
                  })}
                />
              )}
              {phase === 'running' && <FreezeNote challenge={current} />}
              {phase === 'ended' && (
                <Stack align="center" gap="md">
                  <BattleWinners />
                  <Button component={Link} to={paths.results(current.id)} variant="light">
                    {intl.formatMessage({
                      id: 'home.seeFullResults',
                      defaultMessage: 'See the full results',
                    })}
                  </Button>
                  <NextBattle endedChallengeId={current.id} />
                </Stack>
              )}
            </Container>
          )}
          {current && phase !== 'upcoming' && <ExplorerBoardSection challenge={current} />}
          <Box id={ABOUT_SECTION_ID} style={{ scrollMarginTop: 72 }}>
            <HowItWorks />
          </Box>
          {/* An ended battle sells nothing: no price, no buy button. */}
          {current && phase !== 'ended' && (
            <Box bg="coffee.0">
              <PassPromoCard
                challenge={current}
                liveShopCount={shops.data?.length}
                draws={
                  <>
                    <DrawAdvert challengeId={current.id} />
                    <MilestoneTiers challengeId={current.id} />
                  </>
                }
                action={
                  holding.kind === 'holder' ? (
                    <MyPassButton
                      progress={holding.progress}
                      votingOpen={votingOpen}
                      size="lg"
                      fullWidth
                    />
                  ) : (
                    onSale && (
                      <Button
                        component={Link}
                        to={paths.checkout}
                        size="lg"
                        fullWidth
                        {...buyButtonWhile(holding, userPending)}
                      >
                        {intl.formatMessage({
                          id: 'home.buyYourPassNow',
                          defaultMessage: 'Buy Your Pass Now',
                        })}
                      </Button>
                    )
                  )
                }
              />
            </Box>
          )}
          <ParticipatingShops
            hasChallenge={current !== null}
            timeZone={current?.timeZone ?? 'UTC'}
          />
          <FaqSection
            votesPerShop={current ? current.votesPerShop : 1}
            days={current ? challengeDays(current.startDate, current.endDate) : null}
          />
          <Box bg="coffee.0">
            <ShareSection title={title} onSale={onSale && holding.kind !== 'holder'} />
          </Box>
        </>
      )}
    </>
  );
}
