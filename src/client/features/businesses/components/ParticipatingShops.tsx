import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Container, SimpleGrid, Title } from '@mantine/core';
import { HOME_SHOP_LIMIT } from '#shared/constants.ts';
import { shownRanksById } from '#shared/ranking.ts';
import { ShopCard, ShopCardSkeleton } from '#client/components/ShopCard.tsx';
import { useBusinesses } from '#client/lib/public-businesses.ts';
import { useVoteCounts } from '../api/get-vote-counts.ts';

export const SHOPS_SECTION_ID = 'shops';

/**
 * 'Participating Coffee Shops' (docs/SPEC.md section 2): up to six cards by position, six skeletons while
 * loading; 'View All Coffee Shops' shows the rest in place. Ranks come from the vote counts.
 */
export function ParticipatingShops({ hasChallenge }: { hasChallenge: boolean }) {
  const shops = useBusinesses({ enabled: hasChallenge });
  const voteCounts = useVoteCounts({ enabled: hasChallenge });
  const [showAll, setShowAll] = useState(false);
  const loaded = shops.isSuccess;

  // '/#shops' (spec route table): the section only has its height once the shops are in.
  useEffect(() => {
    if (loaded && window.location.hash === `#${SHOPS_SECTION_ID}`) {
      document.getElementById(SHOPS_SECTION_ID)?.scrollIntoView();
    }
  }, [loaded]);

  let content;
  if (!hasChallenge) {
    content = (
      <Alert variant="light" color="gray" title="No active challenge">
        No active challenge available. Please check back later or contact the administrator.
      </Alert>
    );
  } else if (shops.isPending) {
    content = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="lg"
        aria-busy="true"
        aria-label="Loading shops"
      >
        {Array.from({ length: HOME_SHOP_LIMIT }, (_, index) => (
          <ShopCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    );
  } else if (shops.isError) {
    content = (
      <Alert variant="light" color="red" title="Could not load the shops">
        Failed to fetch businesses. Please reload the page.
      </Alert>
    );
  } else if (shops.data.length === 0) {
    content = (
      <Alert variant="light" color="gray" title="No shops yet">
        No coffee shops available for the current challenge.
      </Alert>
    );
  } else {
    // The server sends them by position (missing counts as 0), then by age.
    const ranks = voteCounts.data
      ? shownRanksById(
          voteCounts.data,
          shops.data.map((shop) => shop.id),
        )
      : undefined;
    const shown = showAll ? shops.data : shops.data.slice(0, HOME_SHOP_LIMIT);
    content = (
      <>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {shown.map((shop) => (
            <ShopCard
              key={shop.id}
              shop={shop}
              rank={ranks?.[shop.id]}
              votes={voteCounts.data?.[shop.id]}
            />
          ))}
        </SimpleGrid>
        {shops.data.length > HOME_SHOP_LIMIT && (
          <Center mt="xl">
            <Button
              variant="outline"
              size="md"
              onClick={() => setShowAll((value) => !value)}
              aria-expanded={showAll}
            >
              {showAll ? 'Show Fewer Coffee Shops' : 'View All Coffee Shops'}
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <Container
      size="lg"
      py={{ base: 'xl', sm: 60 }}
      component="section"
      id={SHOPS_SECTION_ID}
      aria-labelledby="shops-title"
    >
      <Title order={2} ta="center" mb="xl" id="shops-title">
        Participating Coffee Shops
      </Title>
      {content}
    </Container>
  );
}
