import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { formatMoney } from '#shared/money.ts';
import { payoutCreateSchema, type Settlement } from '#shared/settlement.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useRecordPayout } from '../api/payouts.ts';

type SettlementRow = Settlement['shops'][number];

/** The contract's amount and note rules, and at most what is owed (the server checks both again). */
export function payoutFormSchema(owedDollars: number) {
  const { amountDollars, note } = payoutCreateSchema.shape;
  return z.object({
    amountDollars: amountDollars.max(
      owedDollars,
      `At most ${formatMoney(owedDollars)}: that is what is owed now.`,
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
  return (
    <Modal opened={shop !== null} onClose={onClose} title="Record payout" centered>
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
  const form = useForm<{ amountDollars: number | string; note: string }>({
    initialValues: { amountDollars: shop.owedDollars, note: '' },
    validate: zodResolver(payoutFormSchema(shop.owedDollars)),
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
          {shop.name} is owed {formatMoney(shop.owedDollars)} now ({formatMoney(shop.earnedDollars)}{' '}
          earned, {formatMoney(shop.paidDollars)} paid).
        </Text>
        <NumberInput
          label="Amount (dollars)"
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
          label="Note (optional)"
          description="For example a cheque or transfer number; the shop sees it on its page"
          autosize
          minRows={2}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Recording...' : 'Record payout'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
