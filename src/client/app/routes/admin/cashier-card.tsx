import { isPageParam } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { CHALLENGE_TEXT_FIELDS, textsIn } from '#shared/translations.ts';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useBusiness } from '#client/features/shops/api/get-business.ts';
import { useChallengeBusinesses } from '#client/features/shop-admin/api/get-challenge-businesses.ts';
import {
  CashierCard,
  cashierCardWords,
} from '#client/features/cashier-card/components/CashierCard.tsx';
import { useAdminChallenges } from '#client/features/challenges/api/get-admin-challenges.ts';
import { usePageLanguage, useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useSiteOrigin } from '#client/lib/site-origin.ts';

/**
 * /admin/businesses/:id/card: a shop's printable cashier card. Behind RequireAdmin, outside the
 * admin sidebar, so the printed page holds the card alone.
 */
export default function CashierCardRoute() {
  const { id = '' } = useParams();
  if (!isPageParam('id', id)) return <NotFound />;
  return <CashierCardPage id={id} />;
}

function CashierCardPage({ id }: { id: string }) {
  // The public answer names the shop's challenge; the organizer's list of it holds the code.
  const shop = useBusiness(id);
  const challengeId = shop.data?.challengeId ?? null;
  const shops = useChallengeBusinesses(challengeId);
  const challenges = useAdminChallenges();
  const origin = useSiteOrigin();
  const business = shops.data?.find((candidate) => candidate.id === Number(id));
  const challenge = challenges.data?.find((candidate) => candidate.id === challengeId);
  const intl = useMessages();
  const { language } = usePageLanguage();
  usePageMeta({
    title: business
      ? intl.formatMessage(
          {
            id: 'adminCashierCard.title',
            defaultMessage: 'Cashier Card: {shop} - Admin Dashboard',
          },
          { shop: business.name },
        )
      : intl.formatMessage({
          id: 'adminCashierCard.pageTitle',
          defaultMessage: 'Cashier Card - Admin Dashboard',
        }),
  });

  const failure = shop.error ?? shops.error ?? challenges.error;
  if (failure) {
    return (
      <Alert
        color="red"
        title={intl.formatMessage(cashierCardWords.loadFailed)}
        m="md"
        role="alert"
      >
        <Stack gap="xs">
          {errorText(
            failure,
            intl.formatMessage({
              id: 'adminCashierCard.fetchFailed',
              defaultMessage: 'Failed to fetch the shop.',
            }),
          )}
          <Anchor component={Link} to={paths.adminBusinesses}>
            {intl.formatMessage({
              id: 'adminCashierCard.back',
              defaultMessage: 'Back to Manage Businesses',
            })}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!shop.data || !business || !challenge || origin === undefined) {
    if (shops.isSuccess && challenges.isSuccess) return <NotFound />;
    return <PageLoader label={intl.formatMessage(cashierCardWords.loading)} />;
  }

  return (
    <CashierCard
      // The card speaks the page's language: the public answer names the shop in it
      // (docs/decisions/0050-content-languages.md), the battle's title is read the same way.
      shopName={shop.data.name}
      challengeTitle={
        textsIn(challenge, challenge.translations, CHALLENGE_TEXT_FIELDS, language).title
      }
      code={business.redemptionCode}
      rotation={business.codeRotation}
      redeemUrl={`${origin}${paths.business(business.id)}?redeem=1`}
    />
  );
}
