import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney } from '#shared/money.ts';
import { payoutVoidSchema, type Payout } from '#shared/settlement.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useVoidPayout } from '../api/payouts.ts';

export interface VoidPayoutDialogProps {
  challengeId: number;
  /** The payout to void and its shop's name; null keeps the dialog closed. */
  payout: { payout: Payout; shopName: string } | null;
  onClose: () => void;
}

/**
 * 'Void payout': a payout recorded in error stays in the history with the reason given here, and
 * the shop is owed its amount again (docs/decisions/0033).
 */
export function VoidPayoutDialog({ challengeId, payout, onClose }: VoidPayoutDialogProps) {
  return (
    <Modal opened={payout !== null} onClose={onClose} title="Void payout" centered>
      {payout && (
        <VoidForm
          key={payout.payout.id}
          challengeId={challengeId}
          payout={payout.payout}
          shopName={payout.shopName}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function VoidForm({
  challengeId,
  payout,
  shopName,
  onDone,
}: {
  challengeId: number;
  payout: Payout;
  shopName: string;
  onDone: () => void;
}) {
  const voiding = useVoidPayout(challengeId);
  const form = useForm({
    initialValues: { reason: '' },
    validate: zodResolver(payoutVoidSchema),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ reason }) =>
        voiding.mutate({ payoutId: payout.id, reason, shopName }, { onSuccess: onDone }),
      )}
    >
      <Stack gap="md">
        <Text>
          The payout of {formatMoney(payout.amountDollars)} to {shopName} stays in the history,
          marked voided with your reason, and {shopName} is owed that amount again. This cannot be
          undone.
        </Text>
        <Textarea
          label="Reason"
          description="For example: the cheque bounced, or it was recorded for the wrong shop"
          required
          withAsterisk={false}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={voiding.isPending}>
            Void payout
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
