import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Typography.css';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconClock, IconDirections, IconMapPin, IconPhone, IconWorld } from '@tabler/icons-react';
import type { PublicBusiness } from '#shared/businesses.ts';
import { PausedBadge, SHOP_FALLBACK_IMAGE } from '#client/components/ShopCard.tsx';
import { openingHours, shownHours } from '#shared/hours.ts';
import { websiteHref } from '#client/lib/website.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { OpenNowBadge } from './OpenNowBadge.tsx';

/** A maps search for the address: phones open it in their maps app, computers in the browser. */
export function directionsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function specialtiesOf(specialties: string | null): string[] {
  return (specialties ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * One shop's page body (docs/SPEC.md section 2, /business/{id}). `timeZone` is its challenge's,
 * for 'Open now'; without it the page shows the hours alone.
 */
export function BusinessDetail({ shop, timeZone }: { shop: PublicBusiness; timeZone?: string }) {
  const specialties = specialtiesOf(shop.specialties);
  const hours = openingHours(shop.hours);
  const intl = useMessages();
  return (
    <Stack gap="lg">
      <Image
        src={shop.imageUrl ?? SHOP_FALLBACK_IMAGE}
        fallbackSrc={SHOP_FALLBACK_IMAGE}
        alt={`${shop.name}`}
        h={{ base: 220, sm: 360 }}
        radius="md"
      />
      <Group gap="sm" align="center">
        <Title order={1}>{shop.name}</Title>
        {shop.paused && <PausedBadge size="lg" />}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {intl.formatMessage({ id: 'shop.contact', defaultMessage: 'Contact' })}
            </Title>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text>{shop.address}</Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <IconDirections size={18} aria-hidden />
              <Anchor href={directionsHref(shop.address)} target="_blank" rel="noopener noreferrer">
                {intl.formatMessage({ id: 'shop.directions', defaultMessage: 'Directions' })}
              </Anchor>
            </Group>
            {shop.phone && (
              <Group gap="xs" wrap="nowrap">
                <IconPhone size={18} aria-hidden />
                <Anchor href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</Anchor>
              </Group>
            )}
            {shop.website && (
              <Group gap="xs" wrap="nowrap">
                <IconWorld size={18} aria-hidden />
                <Anchor
                  href={websiteHref(shop.website)}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ wordBreak: 'break-all' }}
                >
                  {shop.website.replace(/^https?:\/\//i, '')}
                </Anchor>
              </Group>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Group gap="xs">
              <IconClock size={18} aria-hidden />
              <Title order={2} fz="lg">
                {intl.formatMessage({ id: 'shop.hours', defaultMessage: 'Hours' })}
              </Title>
              {timeZone && <OpenNowBadge hours={hours} timeZone={timeZone} />}
            </Group>
            <Table>
              <Table.Tbody>
                {shownHours(shop.hours, shop.hoursLabels, intl).map(([label, range], index) => (
                  <Table.Tr key={index}>
                    <Table.Th scope="row" fw={600}>
                      {label}
                    </Table.Th>
                    <Table.Td>{range}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {intl.formatMessage({ id: 'shop.specialties', defaultMessage: 'Specialties' })}
          </Title>
          {specialties.length > 0 ? (
            <Group gap="xs">
              {specialties.map((item) => (
                <Badge key={item} variant="light" size="lg">
                  {item}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text c="dimmed">
              {intl.formatMessage({
                id: 'shop.noInformation',
                defaultMessage: 'Information not available',
              })}
            </Text>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {intl.formatMessage({ id: 'shop.about', defaultMessage: 'About' })}
          </Title>
          {shop.longDescription ? (
            <Typography>
              {/* Safe only because the server sanitizes this HTML on save (docs/RULES.md rule 9, rich-text.ts). */}
              <div dangerouslySetInnerHTML={{ __html: shop.longDescription }} />
            </Typography>
          ) : (
            <Text>{shop.description}</Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
