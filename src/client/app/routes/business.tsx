import { isPageParam } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { paths } from '#shared/paths.ts';
import { NotFound } from '#client/components/NotFound.tsx';
import { PAUSED_ORANGE } from '#client/components/ShopCard.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useBusiness } from '#client/features/shops/api/get-business.ts';
import { BusinessDetail } from '#client/features/shops/components/BusinessDetail.tsx';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { memberProgressQueryOptions } from '#client/lib/member-progress.ts';
import { shopPausedMessage } from '#client/features/redemption/shop-paused.ts';
import { errorText, isApiError } from '#client/lib/api.ts';
import { offlineMessages, useOnline } from '#client/lib/offline.ts';
import { useSavedRedemption } from '#client/features/redemption/offline-redemptions.ts';
import { OfflineRedemptionNote } from '#client/features/redemption/components/OfflineRedemptionNote.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';
import type { AuthRedirectState } from '../guards.tsx';

// Only members holding this shop's coupon see the dialog, so visitors never download it (or the
// modal it is built on): the public page stays within its budget (docs/decisions/0027).
const RedeemCouponDialog = lazy(async () => ({
  default: (await import('#client/features/redemption/components/RedeemCouponDialog.tsx'))
    .RedeemCouponDialog,
}));

/** `?redeem=1`: the cashier card's QR code opens 'Redeem Coupon' on arrival. */
const REDEEM_PARAM = 'redeem';

/** /business/:id: one shop (docs/SPEC.md section 2). */
export default function BusinessRoute() {
  const { id = '' } = useParams();
  if (!isPageParam('id', id)) return <NotFound />;
  return <BusinessPage id={id} />;
}

function BusinessPage({ id }: { id: string }) {
  const shop = useBusiness(id);
  const challenge = useCurrentBattle();
  const phase = useChallengePhase(challenge.data);
  const intl = useMessages();
  usePageMeta({
    title: shop.data?.name ?? intl.formatMessage({ id: 'shop.pageTitle', defaultMessage: 'Shop' }),
    description: shop.data?.description,
  });

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      {shop.isPending ? (
        <PageLoader
          label={intl.formatMessage({
            id: 'shop.loading',
            defaultMessage: 'Loading coffee shop details...',
          })}
        />
      ) : shop.isError && !isApiError(shop.error) ? (
        // Offline, and the device holds neither this page's answer nor the shop in its list.
        <Alert
          color="yellow"
          variant="light"
          title={intl.formatMessage({ id: 'network.offline', defaultMessage: 'Offline' })}
          role="status"
        >
          <Stack gap="xs">
            <Text size="sm">{intl.formatMessage(offlineMessages.shopNotHeld)}</Text>
            <Anchor component={Link} to={paths.profile} size="sm">
              {intl.formatMessage({ id: 'shop.backToPass', defaultMessage: 'Back to your pass' })}
            </Anchor>
          </Stack>
        </Alert>
      ) : shop.isError ? (
        <Alert
          color="red"
          variant="light"
          title={intl.formatMessage({
            id: 'shop.loadFailed',
            defaultMessage: 'Error Loading Coffee Shop',
          })}
          role="alert"
        >
          <Stack gap="xs">
            <Text size="sm">
              {errorText(
                shop.error,
                intl.formatMessage({
                  id: 'shop.notFound',
                  defaultMessage: 'Coffee shop not found',
                }),
              )}
            </Text>
            <Anchor component={Link} to={paths.home} size="sm">
              {intl.formatMessage({ id: 'notFound.backHome', defaultMessage: 'Back to Home' })}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="lg">
          {challenge.data?.id === shop.data.challengeId && (
            <ResultsLink challenge={challenge.data} />
          )}
          <RedeemHere
            shop={shop.data}
            passesOnSale={challenge.data?.id === shop.data.challengeId && phase === 'running'}
            ended={challenge.data?.id === shop.data.challengeId && phase === 'ended'}
          />
          <BusinessDetail
            shop={shop.data}
            timeZone={
              challenge.data?.id === shop.data.challengeId ? challenge.data.timeZone : undefined
            }
          />
        </Stack>
      )}
    </Container>
  );
}

/** Once the shop's battle has ended: the way to its published results (docs/RULES.md rule 17). */
function ResultsLink({ challenge }: { challenge: ChallengeDto }) {
  const intl = useMessages();
  if (useChallengePhase(challenge) !== 'ended') return null;
  return (
    <Anchor component={Link} to={paths.results(challenge.id)}>
      {intl.formatMessage({
        id: 'shop.endedSeeResults',
        defaultMessage: 'This battle has ended: see the results',
      })}
    </Anchor>
  );
}

/**
 * The visitor's way to redeem here (where the cashier card's QR code lands): 'Sign in to redeem',
 * 'Buy a pass' for anyone without one while passes sell, or 'Redeem Coupon'. A paused shop offers
 * no redeem at all, only its notice; after the end neither does any shop (docs/RULES.md rule 3).
 */
function RedeemHere({
  shop,
  passesOnSale,
  ended,
}: {
  shop: PublicBusiness;
  passesOnSale: boolean;
  ended: boolean;
}) {
  const { user } = useUser();
  const intl = useMessages();
  const redeemedHere = intl.formatMessage({
    id: 'shop.redeemedHere',
    defaultMessage: 'You have redeemed your coupon here.',
  });
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [opened, setOpened] = useState(searchParams.get(REDEEM_PARAM) === '1');
  const online = useOnline();
  // Without a pass the server answers 404: then there is simply no coupon to offer. The profile
  // page polls coupons; here one answer is enough.
  const progress = useQuery({
    ...memberProgressQueryOptions(),
    enabled: user !== null,
    refetchInterval: false,
  });
  const coupon = progress.data?.coupons.find((candidate) => candidate.businessId === shop.id);
  const saved = useSavedRedemption(coupon?.id ?? null);
  const noPass = progress.isError && isApiError(progress.error, 404);

  const close = () => {
    setOpened(false);
    if (searchParams.has(REDEEM_PARAM)) {
      const next = new URLSearchParams(searchParams);
      next.delete(REDEEM_PARAM);
      setSearchParams(next, { replace: true });
    }
  };

  if (ended) {
    return coupon?.redeemed ? (
      <Text fw={600}>{redeemedHere}</Text>
    ) : coupon ? (
      <Text fw={600}>
        {intl.formatMessage({
          id: 'shop.notUsedEnded',
          defaultMessage: 'Not used: this battle has ended.',
        })}
      </Text>
    ) : null;
  }
  if (shop.paused && !coupon?.redeemed) {
    return (
      <Stack gap="xs" align="flex-start">
        <PausedNotice />
        {passesOnSale && (!user || noPass) && <BuyPassButton />}
      </Stack>
    );
  }
  if (!user) {
    // /auth returns to this page, ?redeem=1 included, after signing in.
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs" align="flex-start">
          <Text>
            {intl.formatMessage({
              id: 'shop.haveAPass',
              defaultMessage:
                "Have a Battle Pass? Redeem your coupon here with the cashier's code.",
            })}
          </Text>
          <Group gap="sm">
            <Button component={Link} to={paths.auth} state={state} variant="light">
              {intl.formatMessage({
                id: 'shop.signInToRedeem',
                defaultMessage: 'Sign in to redeem',
              })}
            </Button>
            {passesOnSale && <BuyPassButton />}
          </Group>
        </Stack>
      </Paper>
    );
  }
  if (noPass && passesOnSale) {
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs" align="flex-start">
          <Text>
            {intl.formatMessage({
              id: 'shop.needAPass',
              defaultMessage: 'You need a Battle Pass to redeem a coupon here.',
            })}
          </Text>
          <BuyPassButton />
        </Stack>
      </Paper>
    );
  }
  if (!coupon) return null;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" align="flex-start">
        {coupon.redeemed ? (
          <Text fw={600}>{redeemedHere}</Text>
        ) : (
          <>
            <OfflineRedemptionNote coupon={coupon} saved={saved} />
            {!saved && !online && (
              <Text fw={600}>{intl.formatMessage(offlineMessages.redeemSaved)}</Text>
            )}
            {!saved && (
              <Button onClick={() => setOpened(true)}>
                {intl.formatMessage({ id: 'shop.redeemCoupon', defaultMessage: 'Redeem Coupon' })}
              </Button>
            )}
          </>
        )}
      </Stack>
      {/* Kept once redeemed: it shows the confirmation of the redemption it made. */}
      <Suspense fallback={null}>
        <RedeemCouponDialog
          coupon={{ ...coupon, business: shop }}
          opened={opened && !coupon.redeemed && !shop.paused && !saved}
          onClose={close}
        />
      </Suspense>
    </Paper>
  );
}

function BuyPassButton() {
  const intl = useMessages();
  return (
    <Button component={Link} to={paths.checkout}>
      {intl.formatMessage({ id: 'shop.buyAPass', defaultMessage: 'Buy a pass' })}
    </Button>
  );
}

function PausedNotice() {
  const intl = useMessages();
  return (
    // Mantine's light orange title is too faint on its background (WCAG AA); the badge's orange is not.
    <Alert
      color="orange"
      variant="light"
      title={intl.formatMessage(shopPausedMessage)}
      w="100%"
      styles={{ title: { color: PAUSED_ORANGE } }}
    >
      {intl.formatMessage({
        id: 'shop.pausedText',
        defaultMessage: 'This shop is not taking coupons right now. Please try again later.',
      })}
    </Alert>
  );
}
