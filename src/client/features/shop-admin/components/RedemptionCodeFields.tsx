import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Alert.css';
import { useId } from 'react';
import { Alert, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { CodeRotation } from '#shared/shop-side.ts';
import { codeChangesAt } from '#client/lib/shop-words.ts';
import type { BusinessFormValues } from './business-form-values.ts';

const CODE_ROTATIONS: { value: CodeRotation; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Daily' },
  { value: 'hourly', label: 'Hourly' },
];

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
  const rotationLabelId = useId();
  const rotating = form.values.codeRotation !== 'off';
  // Switching an existing shop's rotation on voids the static code on its printed cards.
  const voidsPrintedCards = business !== null && business.codeRotation === 'off' && rotating;

  return (
    <>
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
    </>
  );
}
