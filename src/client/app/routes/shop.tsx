import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import { Alert, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useShopPage } from '#client/features/shop-page/api/get-shop-page.ts';
import { ShopPageView } from '#client/features/shop-page/components/ShopPageView.tsx';
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
  usePageMeta({
    title: page.data ? `${page.data.shop.name} - ${pages.shopPage.title}` : pages.shopPage.title,
  });

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      {page.isPending ? (
        <PageLoader label="Loading your shop page" />
      ) : page.isError ? (
        <Alert color="red" variant="light" title="Shop page unavailable" role="alert">
          {errorText(page.error, 'Could not load the shop page. Try again in a moment.')}
        </Alert>
      ) : (
        <ShopPageView token={token} page={page.data} />
      )}
    </Container>
  );
}
