import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Fieldset.css';
import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  NumberInput,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AdminBusiness } from '#shared/businesses.ts';
import { DEFAULT_HOURS } from '#shared/constants.ts';
import { openingHours, readHoursLabels, weekFromHours } from '#shared/hours.ts';
import type { ShopTextField } from '#shared/translations.ts';
import { ContentLanguageTabs } from '#client/components/ContentLanguageTabs.tsx';
import { contentTextProps } from '#client/components/content-text-props.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useSaveBusiness } from '../api/save-business.ts';
import { businessFormSchema } from './business-form-schema.ts';
import {
  formHours,
  initialValues,
  toBody,
  type BusinessFormValues,
} from './business-form-values.ts';
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
  /** The language of the battle's own texts: the shop's required texts are in it. */
  contentLanguage: string;
  onDone: () => void;
}

type Form = UseFormReturnType<BusinessFormValues>;

/**
 * Another language's words for each label of the shop's hours ('Monday - Friday'): the stored
 * labels stay what 'Open now' reads (docs/decisions/0050-content-languages.md).
 */
function HoursLabels({
  form,
  language,
  contentLanguage,
}: {
  form: Form;
  language: string;
  contentLanguage: string;
}) {
  const intl = useMessages();
  const text = contentTextProps(form, 'hoursLabels', language, contentLanguage);
  const written = readHoursLabels(text.value) ?? {};
  const labels = openingHours(formHours(form.values)).map(([label]) => label);
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" size="sm" fw={600}>
          {intl.formatMessage({ id: 'businessForm.hoursLabels', defaultMessage: 'Hours labels' })}
        </Text>
      }
    >
      <Text size="xs" c="dimmed" mb={4}>
        {intl.formatMessage({
          id: 'businessForm.hoursLabelsHelp',
          defaultMessage:
            "How the days of the opening hours read in this language; empty ones show the main language's",
        })}
      </Text>
      <Stack gap={6}>
        {labels.map((label) => (
          <TextInput
            key={label}
            label={label}
            size="xs"
            lang={language}
            value={written[label] ?? ''}
            onChange={(event) =>
              text.onChange(JSON.stringify({ ...written, [label]: event.currentTarget.value }))
            }
          />
        ))}
      </Stack>
      {text.error && <Input.Error mt={4}>{text.error}</Input.Error>}
    </Fieldset>
  );
}

/** The name, descriptions, specialties (and in another language the hours labels) of one tab. */
function ShopTexts({
  form,
  language,
  contentLanguage,
}: {
  form: Form;
  language: string;
  contentLanguage: string;
}) {
  const intl = useMessages();
  const isContent = language === contentLanguage;
  const textProps = (field: ShopTextField) =>
    contentTextProps(form, field, language, contentLanguage);
  const longDescription = textProps('longDescription');
  return (
    <>
      <TextInput
        label={intl.formatMessage({ id: 'businessForm.name', defaultMessage: 'Business Name' })}
        required={isContent}
        lang={language}
        {...textProps('name')}
      />
      <Textarea
        label={intl.formatMessage({
          id: 'businessForm.shortDescription',
          defaultMessage: 'Short Description',
        })}
        description={intl.formatMessage({
          id: 'businessForm.shortDescriptionHelp',
          defaultMessage: 'One or two sentences for cards and link previews',
        })}
        required={isContent}
        autosize
        minRows={2}
        lang={language}
        {...textProps('description')}
      />
      <Suspense
        fallback={
          <Skeleton
            h={360}
            aria-label={intl.formatMessage({
              id: 'businessForm.loadingEditor',
              defaultMessage: 'Loading the editor',
            })}
          />
        }
      >
        <RichTextField
          label={intl.formatMessage({
            id: 'businessForm.longDescription',
            defaultMessage: 'Business Description',
          })}
          description={intl.formatMessage({
            id: 'businessForm.longDescriptionHelp',
            defaultMessage: "Shown as About on the shop's page",
          })}
          value={longDescription.value}
          onChange={longDescription.onChange}
        />
      </Suspense>
      <TextInput
        label={intl.formatMessage({
          id: 'businessForm.specialties',
          defaultMessage: 'Specialties (optional)',
        })}
        description={intl.formatMessage({
          id: 'businessForm.specialtiesHelp',
          defaultMessage: 'Comma-separated',
        })}
        lang={language}
        {...textProps('specialties')}
      />
      {!isContent && (
        <HoursLabels form={form} language={language} contentLanguage={contentLanguage} />
      )}
    </>
  );
}

/** The shop's fields, checked by business-form-schema.ts, then added or updated. */
export function BusinessForm({
  challengeId,
  business,
  nextPosition,
  timeZone,
  contentLanguage,
  onDone,
}: BusinessFormProps) {
  const intl = useMessages();
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
          title: intl.formatMessage({
            id: 'businessForm.noChallengeTitle',
            defaultMessage: 'No Challenge Selected',
          }),
          message: intl.formatMessage({
            id: 'businessForm.noChallengeText',
            defaultMessage: 'Please select a challenge before adding a business.',
          }),
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
          title: intl.formatMessage({
            id: 'businessForm.missingTitle',
            defaultMessage: 'Missing Required Fields',
          }),
          message: intl.formatMessage({
            id: 'businessForm.missingText',
            defaultMessage: 'Please fill out all required fields',
          }),
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
        <ContentLanguageTabs contentLanguage={contentLanguage}>
          {(language) => (
            <ShopTexts form={form} language={language} contentLanguage={contentLanguage} />
          )}
        </ContentLanguageTabs>
        <TextInput
          label={intl.formatMessage({ id: 'businessForm.address', defaultMessage: 'Address' })}
          required
          {...form.getInputProps('address')}
        />
        <BusinessPlaceFields
          form={form}
          challengeId={challengeId}
          businessId={business?.id ?? null}
        />
        <TextInput
          label={intl.formatMessage({
            id: 'businessForm.phone',
            defaultMessage: 'Phone (optional)',
          })}
          type="tel"
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={intl.formatMessage({
            id: 'businessForm.website',
            defaultMessage: 'Website (optional)',
          })}
          placeholder="example.com"
          {...form.getInputProps('website')}
        />
        <TextInput
          label={intl.formatMessage({
            id: 'businessForm.imageUrl',
            defaultMessage: 'Image URL (optional)',
          })}
          placeholder="https://..."
          {...form.getInputProps('imageUrl')}
        />
        <HoursPicker
          week={week}
          unreadable={form.values.week === null && !storedWeek.readable ? form.values.hours : null}
          error={form.errors.week as string | undefined}
          onChange={(changed) => form.setFieldValue('week', changed)}
        />
        <NumberInput
          label={intl.formatMessage({
            id: 'businessForm.position',
            defaultMessage: 'Display Order',
          })}
          description={intl.formatMessage({
            id: 'businessForm.positionHelp',
            defaultMessage: 'Lower numbers show first',
          })}
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('position')}
        />
        <RedemptionCodeFields form={form} business={business} timeZone={timeZone} />
        <NumberInput
          label={intl.formatMessage({
            id: 'businessForm.dailyCap',
            defaultMessage: 'Daily Cap (optional)',
          })}
          description={intl.formatMessage({
            id: 'businessForm.dailyCapHelp',
            defaultMessage: 'At most this many coupons a day at this shop; empty for no limit',
          })}
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('dailyCap')}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'businessForm.paused', defaultMessage: 'Paused' })}
          description={intl.formatMessage({
            id: 'businessForm.pausedHelp',
            defaultMessage:
              "Members see 'Temporarily not accepting coupons' and cannot redeem here",
          })}
          {...form.getInputProps('paused', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {intl.formatMessage({ id: 'businessForm.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending
              ? intl.formatMessage({ id: 'businessForm.saving', defaultMessage: 'Saving...' })
              : business
                ? intl.formatMessage({
                    id: 'businessForm.update',
                    defaultMessage: 'Update Business',
                  })
                : intl.formatMessage({ id: 'businessForm.add', defaultMessage: 'Add Business' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
