import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import {
  CashierCard,
  cashierCardWords,
} from '#client/features/cashier-card/components/CashierCard.tsx';
import { useShopPage } from '#client/features/shop-page/api/get-shop-page.ts';
import { shopPageLoadFailed } from '#client/features/shop-page/components/ShopPageView.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useSiteOrigin } from '#client/lib/site-origin.ts';

/**
 * /shop/:token/card: the shop prints its own cashier card, opened with its page's token and no
 * account. The card shows what the shop's page shows: the static code, or, while the code rotates,
 * where the cashier reads today's (CashierCard).
 */
export default function ShopCardRoute() {
  const { token = '' } = useParams();
  const page = useShopPage(token);
  // The QR code holds the site's one public URL, never the address this page was opened on.
  const origin = useSiteOrigin();
  const intl = useMessages();
  const cardTitle = intl.formatMessage(cashierCardWords.pageTitle);
  usePageMeta({
    title: page.data
      ? intl.formatMessage(
          { id: 'shopCardPage.title', defaultMessage: 'Cashier Card: {shop} - Shop Page' },
          { shop: page.data.shop.name },
        )
      : cardTitle,
  });

  if (page.isPending || origin === undefined)
    return <PageLoader label={intl.formatMessage(cashierCardWords.loading)} />;
  if (page.isError) {
    return (
      <Alert
        color="red"
        title={intl.formatMessage(cashierCardWords.loadFailed)}
        m="md"
        role="alert"
      >
        <Stack gap="xs">
          {errorText(page.error, intl.formatMessage(shopPageLoadFailed))}
          <Anchor component={Link} to={paths.shopPage(token)}>
            {intl.formatMessage({
              id: 'shopCardPage.back',
              defaultMessage: 'Back to your shop page',
            })}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const { shop, challenge, currentCode } = page.data;
  return (
    <CashierCard
      shopName={shop.name}
      challengeTitle={challenge.title}
      code={currentCode.code}
      rotation={currentCode.rotation}
      redeemUrl={`${origin}${paths.business(shop.id)}?redeem=1`}
    />
  );
}
