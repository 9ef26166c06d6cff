import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Alert.css';
import { lazy, Suspense, useId, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  businessFieldsSchema,
  checkHours,
  COORDINATES_PAIR_MESSAGE,
  type AdminBusiness,
  type BusinessPatchInput,
} from '#shared/businesses.ts';
import type { CodeRotation } from '#shared/shop-side.ts';
import { DEFAULT_HOURS, DEFAULT_SPECIALTIES } from '#shared/constants.ts';
import { codeChangesAt } from '#shared/date-range.ts';
import { paths } from '#shared/paths.ts';
import { LocationPicker, MapLoading } from '#client/components/map/LazyMaps.tsx';
import { placeOf } from '#client/lib/geo.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { useChallengeBusinesses } from '../api/get-challenge-businesses.ts';
import { useSaveBusiness } from '../api/save-business.ts';
import { hoursFromWeek, weekError, weekFromHours, type DayHours } from '#shared/hours.ts';
import { HoursPicker } from './HoursPicker.tsx';

/** Tiptap is big: it loads with the first opening of this dialog, never on public pages. */
const RichTextField = lazy(() => import('./RichTextField.tsx'));

interface FormValues {
  name: string;
  description: string;
  longDescription: string;
  address: string;
  phone: string;
  website: string;
  imageUrl: string;
  /** The stored hours, kept as they are while the picker's week is untouched (null). */
  hours: string;
  week: DayHours[] | null;
  specialties: string;
  position: number | string;
  redemptionCode: string;
  codeRotation: CodeRotation;
  /** Empty: no cap. */
  dailyCap: number | string;
  paused: boolean;
  /** Empty: not on the map. */
  latitude: number | string;
  longitude: number | string;
}

const CODE_ROTATIONS: { value: CodeRotation; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Daily' },
  { value: 'hourly', label: 'Hourly' },
];

/** The server's hours rule, checked before sending; empty means no hours. */
export function hoursError(hours: string): string | null {
  if (!hours.trim()) return null;
  const check = checkHours(hours);
  return check.valid ? null : check.message;
}

/** The contract's code rule (empty: the server picks one), with its messages. */
export function redemptionCodeError(code: string): string | null {
  const result = businessFieldsSchema.shape.redemptionCode.safeParse(code);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The contract's coordinate rules (both or neither, each in range), with their messages. */
export function coordinateError(
  which: 'latitude' | 'longitude',
  value: number | string,
  other: number | string,
): string | null {
  if (value === '' && other === '') return null;
  if (value === '') return COORDINATES_PAIR_MESSAGE;
  const result = businessFieldsSchema.shape[which].safeParse(
    typeof value === 'number' ? value : Number.NaN,
  );
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The contract's daily cap rule (empty: no cap), with its messages. */
export function dailyCapError(cap: number | string): string | null {
  const result = businessFieldsSchema.shape.dailyCap.safeParse(cap === '' ? null : cap);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

function initialValues(business: AdminBusiness | null, nextPosition: number): FormValues {
  if (business) {
    return {
      name: business.name,
      description: business.description,
      longDescription: business.longDescription ?? '',
      address: business.address,
      phone: business.phone ?? '',
      website: business.website ?? '',
      imageUrl: business.imageUrl ?? '',
      hours: business.hours ?? '',
      week: null,
      specialties: business.specialties ?? '',
      position: business.position,
      redemptionCode: business.redemptionCode,
      codeRotation: business.codeRotation,
      dailyCap: business.dailyCap ?? '',
      paused: business.paused,
      latitude: business.latitude ?? '',
      longitude: business.longitude ?? '',
    };
  }
  // docs/SPEC.md section 3: default hours and specialties; position = the current number of shops.
  return {
    name: '',
    description: '',
    longDescription: '',
    address: '',
    phone: '',
    website: '',
    imageUrl: '',
    hours: JSON.stringify(DEFAULT_HOURS),
    week: null,
    specialties: DEFAULT_SPECIALTIES,
    position: nextPosition,
    redemptionCode: '',
    codeRotation: 'off',
    dailyCap: '',
    paused: false,
    latitude: '',
    longitude: '',
  };
}

/** The body both create and update send; an empty or non-numeric position counts as 0 (docs/SPEC.md section 5). */
function toBody(values: FormValues): BusinessPatchInput {
  return {
    name: values.name,
    description: values.description,
    longDescription: values.longDescription || null,
    address: values.address,
    phone: values.phone || null,
    website: values.website || null,
    imageUrl: values.imageUrl || null,
    hours: values.week ? hoursFromWeek(values.week) : values.hours.trim() || null,
    specialties: values.specialties || null,
    position:
      typeof values.position === 'number' &&
      Number.isInteger(values.position) &&
      values.position >= 0
        ? values.position
        : 0,
    redemptionCode: values.redemptionCode || null,
    codeRotation: values.codeRotation,
    dailyCap: typeof values.dailyCap === 'number' ? values.dailyCap : null,
    paused: values.paused,
    // Checked as a pair before sending (coordinateError): both numbers, or neither.
    latitude: typeof values.latitude === 'number' ? values.latitude : null,
    longitude: typeof values.longitude === 'number' ? values.longitude : null,
  };
}

export interface BusinessFormDialogProps {
  opened: boolean;
  /** The selected challenge; null shows 'No Challenge Selected' on submit. */
  challengeId: number | null;
  /** null: add a shop; otherwise edit this one. */
  business: AdminBusiness | null;
  /** Default display order for a new shop. */
  nextPosition: number;
  /** The challenge's time zone: a daily code changes at its midnight. */
  timeZone: string;
  onClose: () => void;
}

/** 'Add New Business' / 'Edit Business' (docs/SPEC.md section 2, /admin/businesses). */
export function BusinessFormDialog({
  opened,
  challengeId,
  business,
  nextPosition,
  timeZone,
  onClose,
}: BusinessFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={business ? 'Edit Business' : 'Add New Business'}
      size={600}
    >
      {opened && (
        <BusinessForm
          key={business?.id ?? 'new'}
          challengeId={challengeId}
          business={business}
          nextPosition={nextPosition}
          timeZone={timeZone}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

/**
 * After rotation was switched on: the static code on printed cards no longer redeems, so the
 * organizer is offered the new card, which sends the cashier to the shop's page for the code.
 */
function RotationSwitchedOn({
  business,
  timeZone,
  onDone,
}: {
  business: AdminBusiness;
  timeZone: string;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" title="Code rotation is on">
        <Stack gap="xs">
          <Text size="sm">
            The counter accepts {business.currentCode.code} now.{' '}
            {codeChangesAt(business.currentCode, timeZone)}. It refuses the static code{' '}
            {business.redemptionCode}: printed cashier cards showing it no longer work. Print the
            new card for the till.
          </Text>
          {!business.shopLinkIssued && (
            <Text size="sm">
              The cashier reads the code on the shop's page: issue its link (Actions, Shop Link) and
              bookmark it on the till.
            </Text>
          )}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
        <Button
          component={Link}
          to={paths.cashierCard(business.id)}
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          Print new cashier card
        </Button>
      </Group>
    </Stack>
  );
}

function BusinessForm({
  challengeId,
  business,
  nextPosition,
  timeZone,
  onDone,
}: Omit<BusinessFormDialogProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const save = useSaveBusiness();
  const rotationLabelId = useId();
  const [switchedOn, setSwitchedOn] = useState<AdminBusiness | null>(null);
  const form = useForm<FormValues>({
    initialValues: initialValues(business, nextPosition),
    validate: {
      name: (value) => (value.trim() ? null : 'Business name is required'),
      description: (value) => (value.trim() ? null : 'Business description is required'),
      address: (value) => (value.trim() ? null : 'Address is required'),
      week: (week) => (week ? weekError(week) : null),
      dailyCap: dailyCapError,
      redemptionCode: redemptionCodeError,
      latitude: (value, values) => coordinateError('latitude', value, values.longitude),
      longitude: (value, values) => coordinateError('longitude', value, values.latitude),
    },
  });
  // Shops without hours show the spec's defaults (src/shared/hours.ts), so the picker starts from them.
  const storedWeek = weekFromHours(form.values.hours || JSON.stringify(DEFAULT_HOURS));
  const week = form.values.week ?? storedWeek.week;
  const siteConfig = useSiteConfig();
  const challengeShops = useChallengeBusinesses(challengeId);
  const around = (challengeShops.data ?? []).flatMap((shop) => {
    const place = shop.id === business?.id ? null : placeOf(shop);
    return place ? [place] : [];
  });
  const { latitude, longitude } = form.values;
  const place =
    typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;

  const submit = form.onSubmit(
    (values) => {
      if (challengeId === null) {
        notifications.show({
          color: 'red',
          title: 'No Challenge Selected',
          message: 'Please select a challenge before adding a business.',
        });
        return;
      }
      const body = toBody(values);
      if (business) {
        save.mutate(
          { id: business.id, challengeId, body },
          {
            onSuccess: (saved) => {
              if (business.codeRotation === 'off' && saved.codeRotation !== 'off') {
                setSwitchedOn(saved);
              } else onDone();
            },
          },
        );
      } else {
        save.mutate(
          {
            id: null,
            body: {
              ...body,
              name: values.name,
              description: values.description,
              address: values.address,
              challengeId,
            },
          },
          { onSuccess: onDone },
        );
      }
    },
    (errors) => {
      if (errors.name || errors.description || errors.address) {
        notifications.show({
          color: 'red',
          title: 'Missing Required Fields',
          message: 'Please fill out all required fields',
        });
      }
    },
  );

  if (switchedOn) {
    return <RotationSwitchedOn business={switchedOn} timeZone={timeZone} onDone={onDone} />;
  }
  // Switching an existing shop's rotation on voids the static code on its printed cards.
  const voidsPrintedCards =
    business !== null && business.codeRotation === 'off' && form.values.codeRotation !== 'off';
  const rotating = form.values.codeRotation !== 'off';

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Business Name" required {...form.getInputProps('name')} />
        <Textarea
          label="Short Description"
          description="One or two sentences for cards and link previews"
          required
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Suspense fallback={<Skeleton h={360} aria-label="Loading the editor" />}>
          <RichTextField
            label="Business Description"
            description="Shown as About on the shop's page"
            value={form.values.longDescription}
            onChange={(html) => form.setFieldValue('longDescription', html)}
          />
        </Suspense>
        <TextInput label="Address" required {...form.getInputProps('address')} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Place on the map (optional)
          </Text>
          <Text size="xs" c="dimmed">
            Tap the map where the shop is, or type its latitude and longitude.
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
              label="Latitude"
              placeholder="34.7304"
              decimalScale={6}
              clampBehavior="none"
              {...form.getInputProps('latitude')}
            />
            <NumberInput
              label="Longitude"
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
                Remove from the map
              </Button>
            </Group>
          )}
        </Stack>
        <TextInput label="Phone (optional)" type="tel" {...form.getInputProps('phone')} />
        <TextInput
          label="Website (optional)"
          placeholder="example.com"
          {...form.getInputProps('website')}
        />
        <TextInput
          label="Image URL (optional)"
          placeholder="https://..."
          {...form.getInputProps('imageUrl')}
        />
        <HoursPicker
          week={week}
          unreadable={form.values.week === null && !storedWeek.readable ? form.values.hours : null}
          error={form.errors.week as string | undefined}
          onChange={(changed) => form.setFieldValue('week', changed)}
        />
        <TextInput
          label="Specialties (optional)"
          description="Comma-separated"
          {...form.getInputProps('specialties')}
        />
        <NumberInput
          label="Display Order"
          description="Lower numbers show first"
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('position')}
        />
        <TextInput
          label="Redemption Code"
          description={
            rotating
              ? 'The static code: refused while the code rotates, accepted again when rotation is off'
              : 'A unique 4-digit code the cashier gives; leave empty to generate one'
          }
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          {...form.getInputProps('redemptionCode')}
          onChange={(event) =>
            form.setFieldValue(
              'redemptionCode',
              event.currentTarget.value.replace(/\D/g, '').slice(0, 4),
            )
          }
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={rotationLabelId}>
            Code Rotation
          </Text>
          <SegmentedControl
            aria-labelledby={rotationLabelId}
            data={CODE_ROTATIONS}
            {...form.getInputProps('codeRotation')}
          />
          <Text size="xs" c="dimmed">
            On: the accepted code changes every day or hour and shows on the shop's page; a code
            posted online stops working at the next change.
          </Text>
          {business && business.codeRotation !== 'off' && (
            <Text size="sm">
              The counter accepts{' '}
              <Text span ff="monospace" fw={700}>
                {business.currentCode.code}
              </Text>{' '}
              now. {codeChangesAt(business.currentCode, timeZone)}.
            </Text>
          )}
          {voidsPrintedCards && (
            <Alert color="orange" variant="light" title="Printed cards stop working">
              Once you save, the static code {business.redemptionCode} is refused: cashier cards
              showing it no longer work. You can then print the new card, which sends the cashier to
              the shop's page for the current code.
            </Alert>
          )}
        </Stack>
        <NumberInput
          label="Daily Cap (optional)"
          description="At most this many coupons a day at this shop; empty for no limit"
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('dailyCap')}
        />
        <Checkbox
          label="Paused"
          description="Members see 'Temporarily not accepting coupons' and cannot redeem here"
          {...form.getInputProps('paused', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : business ? 'Update Business' : 'Add Business'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
