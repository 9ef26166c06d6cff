import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { ChallengeDto } from '#shared/challenges.ts';
import { formatInstant } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { DrawAdvert } from '#client/features/draws/components/DrawAdvert.tsx';
import { MilestoneTiers } from '#client/features/milestones/components/MilestoneTiers.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { SignInOrRegisterTabs } from '#client/features/auth/components/SignInOrRegisterTabs.tsx';
import { useCreateCheckoutSession } from '#client/features/checkout/api/create-checkout-session.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useBusinesses } from '#client/lib/public-businesses.ts';
import { useVerifyCheckout } from '#client/features/checkout/api/verify-checkout.ts';
import { CheckoutOffer } from '#client/features/checkout/components/CheckoutOffer.tsx';
import {
  AlreadyHasPassView,
  CheckoutCancelledView,
  NoCurrentBattleView,
  PaymentErrorView,
  PaymentNotConfirmedView,
  PaymentSuccessView,
  VoucherPassView,
} from '#client/features/checkout/components/CheckoutViews.tsx';
import { VoucherRedeemCard } from '#client/features/vouchers/components/VoucherRedeemCard.tsx';
import { useUserPass } from '#client/features/passes/api/get-user-pass.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import type { AuthRedirectState } from '../guards.tsx';

/** docs/SPEC.md section 4: after signing in or registering here the page reloads (registration after 1.5 s). */
const REGISTRATION_RELOAD_MS = 1500;

function reloadPage(delayMs = 0) {
  window.setTimeout(() => window.location.reload(), delayMs);
}

/** /checkout: buy the battle pass, and every outcome of a returned checkout (docs/SPEC.md section 2). */
export default function CheckoutRoute() {
  usePageMeta(pages.checkout);
  const [searchParams] = useSearchParams();
  const status = searchParams.get('status');
  const sessionId = searchParams.get('session_id');

  if (status === 'error') return <PaymentErrorView reason={searchParams.get('reason')} />;
  if (status === 'cancelled') return <CheckoutCancelledView />;
  if (status === 'success' && sessionId) return <CheckoutReturn sessionId={sessionId} />;
  return <CheckoutMain />;
}

/** Back from the payment page: confirm the session once, then show what happened. */
function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const intl = useMessages();
  const { user, isPending } = useUser();
  const location = useLocation();
  const verify = useVerifyCheckout();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!user || asked.current === sessionId) return;
    asked.current = sessionId;
    verify.mutate(sessionId);
  }, [user, sessionId, verify]);

  const toAuth = () => {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: '' },
    };
    return <Navigate to={paths.auth} replace state={state} />;
  };

  if (isPending) return <PageLoader />;
  if (!user) return toAuth();
  if (verify.isError)
    return (
      <PaymentNotConfirmedView
        message={intl.formatMessage({
          id: 'checkout.verifyFailed',
          defaultMessage: 'Failed to verify checkout session.',
        })}
      />
    );
  if (!verify.data)
    return (
      <PageLoader
        label={intl.formatMessage({
          id: 'checkout.confirming',
          defaultMessage: 'Confirming your payment',
        })}
      />
    );
  if (verify.data.success) return <PaymentSuccessView result={verify.data} />;
  if (verify.data.requiresRegistration) return toAuth();
  return <PaymentNotConfirmedView message={verify.data.message} />;
}

function CheckoutMain() {
  const intl = useMessages();
  const { user, isPending: userPending } = useUser();
  const challenge = useCurrentBattle();
  const businesses = useBusinesses({ enabled: Boolean(challenge.data) });
  const pass = useUserPass(user?.id ?? null);
  const phase = useChallengePhase(challenge.data);
  // Kept here: once redeemed the member holds a pass, and the page would say so instead.
  const [voucherRedeemed, setVoucherRedeemed] = useState(false);

  if (voucherRedeemed) return <VoucherPassView />;
  if (userPending || challenge.isPending || (user && pass.isPending)) return <PageLoader />;
  if (user && pass.data) {
    return (
      <>
        <AlreadyHasPassView />
        {challenge.data && phase !== 'ended' && phase !== 'upcoming' && (
          <Stack maw={480} mx="auto" px="md" pb="xl">
            <PurchaseButtonCard username={user.username} challenge={challenge.data} forOthers />
          </Stack>
        )}
      </>
    );
  }
  if (!challenge.data) return <NoCurrentBattleView />;
  if (businesses.isPending) return <PageLoader />;

  return (
    <CheckoutOffer
      challenge={challenge.data}
      businesses={businesses.data ?? []}
      purchaseCard={
        // Display only: the server sells only while the battle runs either way.
        phase === 'ended' ? (
          <Alert
            color="yellow"
            title={intl.formatMessage({
              id: 'checkout.ended',
              defaultMessage: 'This challenge has ended',
            })}
          >
            {intl.formatMessage({
              id: 'checkout.endedText',
              defaultMessage: 'Passes are no longer sold for it.',
            })}
          </Alert>
        ) : phase === 'upcoming' ? (
          <Alert
            color="yellow"
            title={intl.formatMessage({
              id: 'checkout.upcoming',
              defaultMessage: 'This challenge has not started yet',
            })}
          >
            {intl.formatMessage(
              {
                id: 'checkout.upcomingText',
                defaultMessage: 'Passes go on sale when it starts on {start}.',
              },
              {
                start: formatInstant(challenge.data.startDate, challenge.data.timeZone, {
                  locale: intl.locale,
                }),
              },
            )}
          </Alert>
        ) : (
          <Stack gap="lg">
            <DrawAdvert challengeId={challenge.data.id} headingOrder={2} />
            <MilestoneTiers challengeId={challenge.data.id} headingOrder={2} />
            {user ? (
              <>
                <PurchaseButtonCard username={user.username} challenge={challenge.data} />
                <VoucherRedeemCard onRedeemed={() => setVoucherRedeemed(true)} />
              </>
            ) : (
              <SignInToBuyCard />
            )}
          </Stack>
        )
      }
    />
  );
}

/**
 * The signed-in purchase: how many passes and whether they are a gift (docs/RULES.md rule 24),
 * with the total before paying. `forOthers`: the member holds a pass, so every pass is for
 * someone else.
 */
function PurchaseButtonCard({
  username,
  challenge,
  forOthers = false,
}: {
  username: string;
  challenge: ChallengeDto;
  forOthers?: boolean;
}) {
  const intl = useMessages();
  const checkout = useCreateCheckoutSession();
  const [quantity, setQuantity] = useState(1);
  const [gift, setGift] = useState(forOthers);
  const passesForOthers = gift ? quantity : quantity - 1;
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {forOthers
            ? intl.formatMessage({
                id: 'checkout.buyForOthers',
                defaultMessage: 'Buy passes for other people',
              })
            : intl.formatMessage({
                id: 'checkout.completePurchase',
                defaultMessage: 'Complete your purchase',
              })}
        </Title>
        <Text>
          {intl.formatMessage(
            { id: 'checkout.signedInAs', defaultMessage: 'Signed in as <b>{username}</b>' },
            { username, b: (chunks) => <strong>{chunks}</strong> },
          )}
        </Text>
        <NumberInput
          label={intl.formatMessage({
            id: 'checkout.numberOfPasses',
            defaultMessage: 'Number of passes',
          })}
          description={intl.formatMessage(
            { id: 'checkout.upToInOrder', defaultMessage: 'Up to {max} in one order' },
            { max: challenge.maxPassesPerOrder },
          )}
          min={1}
          max={challenge.maxPassesPerOrder}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={quantity}
          onChange={(value) => {
            setQuantity(typeof value === 'number' && value >= 1 ? value : 1);
          }}
        />
        {!forOthers && (
          <Checkbox
            label={intl.formatMessage({
              id: 'checkout.gift',
              defaultMessage: "This is a gift: I don't need a pass myself",
            })}
            checked={gift}
            onChange={(event) => {
              setGift(event.currentTarget.checked);
            }}
          />
        )}
        <Text aria-live="polite">
          {intl.formatMessage(
            { id: 'checkout.total', defaultMessage: 'Total: <b>{total}</b>' },
            {
              total: formatMoney(challenge.price * quantity, { locale: intl.locale }),
              b: (chunks) => <strong>{chunks}</strong>,
            },
          )}
          {passesForOthers > 0 &&
            ` · ${intl.formatMessage(
              {
                id: 'checkout.passesToGive',
                defaultMessage:
                  '{count, plural, one {# pass} other {# passes}} to give, each with its own link',
              },
              { count: passesForOthers },
            )}`}
        </Text>
        <Button
          size="md"
          fullWidth
          leftSection={<IconLock size={18} aria-hidden />}
          loading={checkout.isPending}
          onClick={() => {
            checkout.mutate({ quantity, gift });
          }}
        >
          {quantity === 1 && !gift
            ? intl.formatMessage({
                id: 'checkout.purchasePass',
                defaultMessage: 'Purchase Battle Pass',
              })
            : intl.formatMessage({
                id: 'checkout.purchasePasses',
                defaultMessage: 'Purchase Battle Passes',
              })}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Signed out: Login / Create Account tabs, Create Account first (docs/SPEC.md section 2). */
function SignInToBuyCard() {
  const intl = useMessages();
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h3" mb="md">
        {intl.formatMessage({
          id: 'checkout.signInToBuy',
          defaultMessage: 'Sign in to buy your pass',
        })}
      </Title>
      <SignInOrRegisterTabs
        onLogin={() => reloadPage()}
        onRegister={() => reloadPage(REGISTRATION_RELOAD_MS)}
      />
    </Paper>
  );
}
