import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney } from '#shared/money.ts';
import { payoutVoidSchema, type Payout } from '#shared/settlement.ts';
import { useMessages } from '#client/i18n/language.tsx';
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
  const intl = useMessages();
  return (
    <Modal
      opened={payout !== null}
      onClose={onClose}
      title={intl.formatMessage({ id: 'voidPayoutDialog.title', defaultMessage: 'Void payout' })}
      centered
    >
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
  const intl = useMessages();
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
          {intl.formatMessage(
            {
              id: 'voidPayoutDialog.text',
              defaultMessage:
                'The payout of {amount} to {shop} stays in the history, marked voided with your reason, and {shop} is owed that amount again. This cannot be undone.',
            },
            { amount: formatMoney(payout.amountDollars, { locale: intl.locale }), shop: shopName },
          )}
        </Text>
        <Textarea
          label={intl.formatMessage({ id: 'voidPayoutDialog.reason', defaultMessage: 'Reason' })}
          description={intl.formatMessage({
            id: 'voidPayoutDialog.reasonHint',
            defaultMessage:
              'For example: the cheque bounced, or it was recorded for the wrong shop',
          })}
          required
          withAsterisk={false}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {intl.formatMessage({ id: 'voidPayoutDialog.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="submit" color="red" loading={voiding.isPending}>
            {intl.formatMessage({ id: 'voidPayoutDialog.submit', defaultMessage: 'Void payout' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
