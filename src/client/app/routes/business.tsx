import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Container, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useBusiness } from '#client/features/businesses/api/get-business.ts';
import { BusinessDetail } from '#client/features/businesses/components/BusinessDetail.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** Shop ids the server accepts (same rule as pageRoutePatterns in #shared/paths.ts). */
const SHOP_ID = /^[1-9][0-9]{0,9}$/;

/** /business/:id: one shop (spec section 2). */
export default function BusinessRoute() {
  const { id = '' } = useParams();
  if (!SHOP_ID.test(id)) return <NotFound />;
  return <BusinessPage id={id} />;
}

function BusinessPage({ id }: { id: string }) {
  const shop = useBusiness(id);
  usePageMeta({ title: shop.data?.name ?? 'Shop', description: shop.data?.description });

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      {shop.isPending ? (
        <PageLoader label="Loading coffee shop details..." />
      ) : shop.isError ? (
        <Alert color="red" variant="light" title="Error Loading Coffee Shop" role="alert">
          <Stack gap="xs">
            <Text size="sm">{errorText(shop.error, 'Coffee shop not found')}</Text>
            <Anchor component={Link} to={paths.home} size="sm">
              Back to Home
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <BusinessDetail shop={shop.data} />
      )}
    </Container>
  );
}
