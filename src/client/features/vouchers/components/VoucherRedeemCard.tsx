import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { useRedeemVoucher } from '../api/redeem-voucher.ts';

/**
 * /checkout for a signed-in member without a pass: a voucher code from the organizer (press,
 * judges, sponsors; docs/RULES.md rule 24) gives a free pass instead of a purchase.
 */
export function VoucherRedeemCard({ onRedeemed }: { onRedeemed: () => void }) {
  const intl = useMessages();
  const redeem = useRedeemVoucher();
  const [code, setCode] = useState('');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="voucher">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          redeem.mutate(code, { onSuccess: onRedeemed });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="voucher">
            {intl.formatMessage({ id: 'voucher.title', defaultMessage: 'Have a voucher code?' })}
          </Title>
          <TextInput
            label={intl.formatMessage({ id: 'voucher.code', defaultMessage: 'Voucher code' })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          {redeem.isError && (
            <Alert
              color="red"
              title={intl.formatMessage({
                id: 'voucher.notRedeemed',
                defaultMessage: 'Voucher not redeemed',
              })}
              role="alert"
            >
              {errorText(
                redeem.error,
                intl.formatMessage({ id: 'voucher.tryAgain', defaultMessage: 'Please try again.' }),
              )}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              variant="light"
              loading={redeem.isPending}
              disabled={!code.trim()}
            >
              {intl.formatMessage({ id: 'voucher.redeem', defaultMessage: 'Redeem Voucher' })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
