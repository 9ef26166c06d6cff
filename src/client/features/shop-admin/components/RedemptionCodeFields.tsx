import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Alert.css';
import { useId } from 'react';
import { Alert, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { defineMessages } from 'react-intl';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { CodeRotation } from '#shared/shop-side.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { codeChangesAt } from '#client/lib/shop-words.ts';
import type { BusinessFormValues } from './business-form-values.ts';

const rotationWords = defineMessages({
  off: { id: 'redemptionCode.rotationOff', defaultMessage: 'Off' },
  daily: { id: 'redemptionCode.rotationDaily', defaultMessage: 'Daily' },
  hourly: { id: 'redemptionCode.rotationHourly', defaultMessage: 'Hourly' },
});
const CODE_ROTATIONS: CodeRotation[] = ['off', 'daily', 'hourly'];

/**
 * The shop's redemption code and its rotation: the code the counter accepts now, and the warning
 * that switching rotation on voids the static code on printed cashier cards.
 */
export function RedemptionCodeFields({
  form,
  business,
  timeZone,
}: {
  form: UseFormReturnType<BusinessFormValues>;
  /** The shop being edited; null for a new shop. */
  business: AdminBusiness | null;
  /** The challenge's time zone: a daily code changes at its midnight. */
  timeZone: string;
}) {
  const intl = useMessages();
  const rotationLabelId = useId();
  const rotating = form.values.codeRotation !== 'off';
  // Switching an existing shop's rotation on voids the static code on its printed cards.
  const voidsPrintedCards = business !== null && business.codeRotation === 'off' && rotating;

  return (
    <>
      <TextInput
        label={intl.formatMessage({
          id: 'redemptionCode.label',
          defaultMessage: 'Redemption Code',
        })}
        description={
          rotating
            ? intl.formatMessage({
                id: 'redemptionCode.staticHelp',
                defaultMessage:
                  'The static code: refused while the code rotates, accepted again when rotation is off',
              })
            : intl.formatMessage({
                id: 'redemptionCode.help',
                defaultMessage:
                  'A unique 4-digit code the cashier gives; leave empty to generate one',
              })
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
          {intl.formatMessage({ id: 'redemptionCode.rotation', defaultMessage: 'Code Rotation' })}
        </Text>
        <SegmentedControl
          aria-labelledby={rotationLabelId}
          data={CODE_ROTATIONS.map((value) => ({
            value,
            label: intl.formatMessage(rotationWords[value]),
          }))}
          {...form.getInputProps('codeRotation')}
        />
        <Text size="xs" c="dimmed">
          {intl.formatMessage({
            id: 'redemptionCode.rotationHelp',
            defaultMessage:
              "On: the accepted code changes every day or hour and shows on the shop's page; a code posted online stops working at the next change.",
          })}
        </Text>
        {business && business.codeRotation !== 'off' && (
          <Text size="sm">
            {intl.formatMessage(
              {
                id: 'redemptionCode.accepts',
                defaultMessage: 'The counter accepts <code></code> now. {changes}.',
              },
              {
                code: () => (
                  <Text span ff="monospace" fw={700}>
                    {business.currentCode.code}
                  </Text>
                ),
                changes: codeChangesAt(business.currentCode, timeZone, intl),
              },
            )}
          </Text>
        )}
        {voidsPrintedCards && (
          <Alert
            color="orange"
            variant="light"
            title={intl.formatMessage({
              id: 'redemptionCode.voidsTitle',
              defaultMessage: 'Printed cards stop working',
            })}
          >
            {intl.formatMessage(
              {
                id: 'redemptionCode.voidsText',
                defaultMessage:
                  "Once you save, the static code {code} is refused: cashier cards showing it no longer work. You can then print the new card, which sends the cashier to the shop's page for the current code.",
              },
              { code: business.redemptionCode },
            )}
          </Alert>
        )}
      </Stack>
    </>
  );
}
