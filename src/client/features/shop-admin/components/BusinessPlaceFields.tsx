import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import { Suspense } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LocationPicker, MapLoading } from '#client/components/map/LazyMaps.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { placeOf } from '#client/lib/geo.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { useChallengeBusinesses } from '../api/get-challenge-businesses.ts';
import type { BusinessFormValues } from './business-form-values.ts';

/**
 * 'Place on the map (optional)': a tap on the map or typed coordinates, with the challenge's
 * other shops drawn around it (docs/decisions/0023-map.md).
 */
export function BusinessPlaceFields({
  form,
  challengeId,
  businessId,
}: {
  form: UseFormReturnType<BusinessFormValues>;
  challengeId: number | null;
  /** The shop being edited, left out of the shops drawn around it; null for a new shop. */
  businessId: number | null;
}) {
  const intl = useMessages();
  const siteConfig = useSiteConfig();
  const challengeShops = useChallengeBusinesses(challengeId);
  const around = (challengeShops.data ?? []).flatMap((shop) => {
    const place = shop.id === businessId ? null : placeOf(shop);
    return place ? [place] : [];
  });
  const { latitude, longitude } = form.values;
  const place =
    typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {intl.formatMessage({
          id: 'businessPlace.label',
          defaultMessage: 'Place on the map (optional)',
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {intl.formatMessage({
          id: 'businessPlace.help',
          defaultMessage: 'Tap the map where the shop is, or type its latitude and longitude.',
        })}
      </Text>
      <Suspense fallback={<MapLoading />}>
        {siteConfig ? (
          <LocationPicker
            tiles={siteConfig.map}
            value={place}
            around={around}
            onPick={(picked) => {
              form.setFieldValue('latitude', picked.latitude);
              form.setFieldValue('longitude', picked.longitude);
              form.clearFieldError('latitude');
              form.clearFieldError('longitude');
            }}
          />
        ) : (
          <MapLoading />
        )}
      </Suspense>
      <Group grow align="flex-start">
        <NumberInput
          label={intl.formatMessage({ id: 'businessPlace.latitude', defaultMessage: 'Latitude' })}
          placeholder="34.7304"
          decimalScale={6}
          clampBehavior="none"
          {...form.getInputProps('latitude')}
        />
        <NumberInput
          label={intl.formatMessage({
            id: 'businessPlace.longitude',
            defaultMessage: 'Longitude',
          })}
          placeholder="-86.5861"
          decimalScale={6}
          clampBehavior="none"
          {...form.getInputProps('longitude')}
        />
      </Group>
      {(latitude !== '' || longitude !== '') && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => form.setValues({ latitude: '', longitude: '' })}
          >
            {intl.formatMessage({
              id: 'businessPlace.remove',
              defaultMessage: 'Remove from the map',
            })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
