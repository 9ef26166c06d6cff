import '@mantine/core/styles/Alert.css';
import { Alert, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useShopPage } from '#client/features/shop-page/api/get-shop-page.ts';
import {
  shopPageLoadFailed,
  ShopPageView,
} from '#client/features/shop-page/components/ShopPageView.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/**
 * /shop/:token: a shop's private page, no account needed (the token is the key). The token goes
 * to this site's API only: the page has no external links, and every page is served with
 * helmet's `Referrer-Policy: no-referrer`.
 */
export default function ShopRoute() {
  const { token = '' } = useParams();
  const page = useShopPage(token);
  const intl = useMessages();
  const shopPageTitle = intl.formatMessage({
    id: 'shopPage.pageTitle',
    defaultMessage: 'Shop Page',
  });
  usePageMeta({
    title: page.data ? `${page.data.shop.name} - ${shopPageTitle}` : shopPageTitle,
  });

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      {page.isPending ? (
        <PageLoader
          label={intl.formatMessage({
            id: 'shopPage.loading',
            defaultMessage: 'Loading your shop page',
          })}
        />
      ) : page.isError ? (
        <Alert
          color="red"
          variant="light"
          title={intl.formatMessage({
            id: 'shopPage.unavailable',
            defaultMessage: 'Shop page unavailable',
          })}
          role="alert"
        >
          {errorText(page.error, intl.formatMessage(shopPageLoadFailed))}
        </Alert>
      ) : (
        <ShopPageView token={token} page={page.data} />
      )}
    </Container>
  );
}
