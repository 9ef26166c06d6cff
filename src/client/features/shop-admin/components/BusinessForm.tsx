import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AdminBusiness } from '#shared/businesses.ts';
import { DEFAULT_HOURS } from '#shared/constants.ts';
import { weekFromHours } from '#shared/hours.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useSaveBusiness } from '../api/save-business.ts';
import { businessFormSchema } from './business-form-schema.ts';
import { initialValues, toBody, type BusinessFormValues } from './business-form-values.ts';
import { BusinessPlaceFields } from './BusinessPlaceFields.tsx';
import { HoursPicker } from './HoursPicker.tsx';
import { RedemptionCodeFields } from './RedemptionCodeFields.tsx';
import { RotationSwitchedOn } from './RotationSwitchedOn.tsx';

/** Tiptap is big: it loads with the first opening of this form, never on public pages. */
const RichTextField = lazy(() => import('./RichTextField.tsx'));

export interface BusinessFormProps {
  /** The selected challenge; null shows 'No Challenge Selected' on submit. */
  challengeId: number | null;
  /** null: add a shop; otherwise edit this one. */
  business: AdminBusiness | null;
  /** Default display order for a new shop. */
  nextPosition: number;
  /** The challenge's time zone: a daily code changes at its midnight. */
  timeZone: string;
  onDone: () => void;
}

/** The shop's fields, checked by business-form-schema.ts, then added or updated. */
export function BusinessForm({
  challengeId,
  business,
  nextPosition,
  timeZone,
  onDone,
}: BusinessFormProps) {
  const save = useSaveBusiness();
  const [switchedOn, setSwitchedOn] = useState<AdminBusiness | null>(null);
  const form = useForm<BusinessFormValues>({
    initialValues: initialValues(business, nextPosition),
    validate: zodResolver(businessFormSchema),
  });
  // Shops without hours show the spec's defaults (src/shared/hours.ts), so the picker starts from them.
  const storedWeek = weekFromHours(form.values.hours || JSON.stringify(DEFAULT_HOURS));
  const week = form.values.week ?? storedWeek.week;

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
    (_errors, values) => {
      if ([values.name, values.description, values.address].some((value) => !value.trim())) {
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
        <BusinessPlaceFields
          form={form}
          challengeId={challengeId}
          businessId={business?.id ?? null}
        />
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
        <RedemptionCodeFields form={form} business={business} timeZone={timeZone} />
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
