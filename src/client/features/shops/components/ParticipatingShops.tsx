import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconClock, IconCurrentLocation, IconMap } from '@tabler/icons-react';
import type { PublicBusiness } from '#shared/businesses.ts';
import { HOME_SHOP_LIMIT } from '#shared/constants.ts';
import { paths } from '#shared/paths.ts';
import { shownRanksById } from '#shared/ranking.ts';
import { LazyShopsMap } from '#client/components/map/LazyMaps.tsx';
import type { MapShop } from '#client/components/map/ShopsMap.tsx';
import { ShopCard, ShopCardSkeleton } from '#client/components/ShopCard.tsx';
import { nearestFirst, placeOf } from '#client/lib/geo.ts';
import { useBusinesses } from '#client/lib/public-businesses.ts';
import { useNow } from '#client/lib/use-now.ts';
import { useVisitorLocation } from '#client/lib/visitor-location.ts';
import { useVoteCounts } from '../api/get-vote-counts.ts';
import { distanceFrom, locationNote, openAndDistanceNotes } from '../near-me.ts';
import { shopOpenNow } from '#shared/hours.ts';
import { useMessages } from '#client/i18n/language.tsx';

export const SHOPS_SECTION_ID = 'shops';

/**
 * 'Participating Coffee Shops' (docs/SPEC.md section 2): up to six cards by position, six skeletons while
 * loading; 'View All Coffee Shops' shows the rest in place. Ranks come from the vote counts.
 * docs/decisions/0023-map.md: 'Map' shows the listed shops on a map above the list (its accessible equivalent),
 * 'Near me' orders the list by distance after a tap, 'Open now' keeps the shops open on the
 * challenge's clock.
 */
export function ParticipatingShops({
  hasChallenge,
  timeZone,
}: {
  hasChallenge: boolean;
  /** The challenge's time zone, whose clock says which shops are open. */
  timeZone: string;
}) {
  const shops = useBusinesses({ enabled: hasChallenge });
  const voteCounts = useVoteCounts({ enabled: hasChallenge });
  const now = useNow();
  const intl = useMessages();
  const [showAll, setShowAll] = useState(false);
  const [mapShown, setMapShown] = useState(false);
  const [openOnly, setOpenOnly] = useState(false);
  const [location, locate] = useVisitorLocation();
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
      <Alert
        variant="light"
        color="gray"
        title={intl.formatMessage({
          id: 'shops.noChallenge',
          defaultMessage: 'No active challenge',
        })}
      >
        {intl.formatMessage({
          id: 'shops.noChallengeText',
          defaultMessage:
            'No active challenge available. Please check back later or contact the administrator.',
        })}
      </Alert>
    );
  } else if (shops.isPending) {
    content = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="lg"
        aria-busy="true"
        aria-label={intl.formatMessage({ id: 'shops.loading', defaultMessage: 'Loading shops' })}
      >
        {Array.from({ length: HOME_SHOP_LIMIT }, (_, index) => (
          <ShopCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    );
  } else if (shops.isError) {
    content = (
      <Alert
        variant="light"
        color="red"
        title={intl.formatMessage({
          id: 'shops.loadFailed',
          defaultMessage: 'Could not load the shops',
        })}
      >
        {intl.formatMessage({
          id: 'shops.loadFailedText',
          defaultMessage: 'Failed to fetch businesses. Please reload the page.',
        })}
      </Alert>
    );
  } else if (shops.data.length === 0) {
    content = (
      <Alert
        variant="light"
        color="gray"
        title={intl.formatMessage({ id: 'shops.none', defaultMessage: 'No shops yet' })}
      >
        {intl.formatMessage({
          id: 'shops.noneText',
          defaultMessage: 'No coffee shops available for the current challenge.',
        })}
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
    const here = location.status === 'located' ? location.here : null;
    const openNow = (shop: PublicBusiness) => shopOpenNow(shop, now, timeZone);
    const open = openOnly ? shops.data.filter((shop) => openNow(shop) === 'open') : shops.data;
    const listed = here ? nearestFirst(open, here, placeOf) : open;
    const shown = showAll ? listed : listed.slice(0, HOME_SHOP_LIMIT);
    const mapShops: MapShop[] = listed.flatMap((shop) => {
      const place = placeOf(shop);
      if (!place) return [];
      const status = openNow(shop);
      const distance = distanceFrom(here, shop, intl.locale);
      return [
        {
          id: shop.id,
          name: shop.name,
          place,
          kind: 'shop',
          notes: openAndDistanceNotes(status, distance, intl),
          href: paths.business(shop.id),
        },
      ];
    });
    content = (
      <>
        <Group justify="center" gap="sm" mb="xs">
          <Button
            variant={mapShown ? 'filled' : 'default'}
            aria-pressed={mapShown}
            leftSection={<IconMap size={18} aria-hidden />}
            onClick={() => setMapShown((value) => !value)}
          >
            {intl.formatMessage({ id: 'shops.map', defaultMessage: 'Map' })}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
            loading={location.status === 'locating'}
            onClick={locate}
          >
            {intl.formatMessage({ id: 'shops.nearMe', defaultMessage: 'Near me' })}
          </Button>
          <Button
            variant={openOnly ? 'filled' : 'default'}
            aria-pressed={openOnly}
            leftSection={<IconClock size={18} aria-hidden />}
            onClick={() => setOpenOnly((value) => !value)}
          >
            {intl.formatMessage({ id: 'shops.openNowFilter', defaultMessage: 'Open now' })}
          </Button>
        </Group>
        <Text role="status" ta="center" size="sm" mb="md" mih="1.5em">
          {locationNote(location, 'usualOrder', intl)}
        </Text>
        {/* With nothing open, the alert below says so: an empty map would only say that none
            of the shops is on it. */}
        {mapShown && listed.length > 0 && (
          <LazyShopsMap
            label={intl.formatMessage({
              id: 'shops.mapLabel',
              defaultMessage: 'Map of the participating coffee shops',
            })}
            shops={mapShops}
            here={here}
          />
        )}
        {listed.length === 0 ? (
          <Alert
            variant="light"
            color="gray"
            title={intl.formatMessage({
              id: 'shops.noneOpen',
              defaultMessage: 'No shop is open right now',
            })}
            mt="md"
          >
            {intl.formatMessage({
              id: 'shops.noneOpenText',
              defaultMessage: "Turn off 'Open now' to see every shop.",
            })}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" mt={mapShown ? 'lg' : 0}>
            {shown.map((shop) => (
              <ShopCard
                key={shop.id}
                shop={shop}
                rank={ranks?.[shop.id]}
                votes={voteCounts.data?.[shop.id]}
                distance={distanceFrom(here, shop, intl.locale)}
              />
            ))}
          </SimpleGrid>
        )}
        {listed.length > HOME_SHOP_LIMIT && (
          <Center mt="xl">
            <Button
              variant="outline"
              size="md"
              onClick={() => setShowAll((value) => !value)}
              aria-expanded={showAll}
            >
              {showAll
                ? intl.formatMessage({
                    id: 'shops.showFewer',
                    defaultMessage: 'Show Fewer Coffee Shops',
                  })
                : intl.formatMessage({
                    id: 'shops.viewAll',
                    defaultMessage: 'View All Coffee Shops',
                  })}
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
        {intl.formatMessage({ id: 'shops.title', defaultMessage: 'Participating Coffee Shops' })}
      </Title>
      {content}
    </Container>
  );
}
