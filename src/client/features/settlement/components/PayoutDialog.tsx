import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { IntlShape } from 'react-intl';
import { z } from 'zod';
import { formatMoney } from '#shared/money.ts';
import { payoutCreateSchema, type Settlement } from '#shared/settlement.ts';
import { sourceIntl, useMessages } from '#client/i18n/language.tsx';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useRecordPayout } from '../api/payouts.ts';

type SettlementRow = Settlement['shops'][number];

/** The contract's amount and note rules, and at most what is owed (the server checks both again). */
export function payoutFormSchema(owedDollars: number, intl: IntlShape = sourceIntl()) {
  const { amountDollars, note } = payoutCreateSchema.shape;
  return z.object({
    amountDollars: amountDollars.max(
      owedDollars,
      intl.formatMessage(
        { id: 'payoutDialog.atMost', defaultMessage: 'At most {owed}: that is what is owed now.' },
        { owed: formatMoney(owedDollars, { locale: intl.locale }) },
      ),
    ),
    note,
  });
}

export interface PayoutDialogProps {
  challengeId: number;
  /** The shop to pay; null keeps the dialog closed. */
  shop: SettlementRow | null;
  onClose: () => void;
}

/** 'Record payout': money paid to a shop, the amount prefilled with what it is owed now. */
export function PayoutDialog({ challengeId, shop, onClose }: PayoutDialogProps) {
  const intl = useMessages();
  return (
    <Modal
      opened={shop !== null}
      onClose={onClose}
      title={intl.formatMessage({ id: 'payoutDialog.title', defaultMessage: 'Record payout' })}
      centered
    >
      {shop && (
        <PayoutForm key={shop.shopId} challengeId={challengeId} shop={shop} onDone={onClose} />
      )}
    </Modal>
  );
}

function PayoutForm({
  challengeId,
  shop,
  onDone,
}: {
  challengeId: number;
  shop: SettlementRow;
  onDone: () => void;
}) {
  const record = useRecordPayout(challengeId);
  const intl = useMessages();
  const money = (dollars: number) => formatMoney(dollars, { locale: intl.locale });
  const form = useForm<{ amountDollars: number | string; note: string }>({
    initialValues: { amountDollars: shop.owedDollars, note: '' },
    validate: zodResolver(payoutFormSchema(shop.owedDollars, intl)),
  });

  const submit = form.onSubmit((values) => {
    record.mutate(
      {
        shopId: shop.shopId,
        shopName: shop.name,
        amountDollars: Number(values.amountDollars),
        note: values.note,
      },
      { onSuccess: onDone },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>
          {intl.formatMessage(
            {
              id: 'payoutDialog.owed',
              defaultMessage: '{shop} is owed {owed} now ({earned} earned, {paid} paid).',
            },
            {
              shop: shop.name,
              owed: money(shop.owedDollars),
              earned: money(shop.earnedDollars),
              paid: money(shop.paidDollars),
            },
          )}
        </Text>
        <NumberInput
          label={intl.formatMessage({
            id: 'payoutDialog.amount',
            defaultMessage: 'Amount (dollars)',
          })}
          required
          min={1}
          max={shop.owedDollars}
          clampBehavior="none"
          step={1}
          allowDecimal={false}
          allowNegative={false}
          prefix="$"
          thousandSeparator=","
          {...form.getInputProps('amountDollars')}
        />
        <Textarea
          label={intl.formatMessage({ id: 'payoutDialog.note', defaultMessage: 'Note (optional)' })}
          description={intl.formatMessage({
            id: 'payoutDialog.noteHint',
            defaultMessage: 'For example a cheque or transfer number; the shop sees it on its page',
          })}
          autosize
          minRows={2}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {intl.formatMessage({ id: 'payoutDialog.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending
              ? intl.formatMessage({ id: 'payoutDialog.recording', defaultMessage: 'Recording...' })
              : intl.formatMessage({ id: 'payoutDialog.submit', defaultMessage: 'Record payout' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
