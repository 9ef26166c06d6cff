import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { PublicBusiness } from '#shared/businesses.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** The one question before a vote is sent: votes are final, so a mis-tap must not cast one. */
export function ConfirmVoteDialog({
  shop,
  onConfirm,
  onClose,
}: {
  /** The shop the member tapped Vote for; null: closed. */
  shop: Pick<PublicBusiness, 'id' | 'name'> | null;
  onConfirm: (shop: Pick<PublicBusiness, 'id' | 'name'>) => void;
  onClose: () => void;
}) {
  const intl = useMessages();
  return (
    <Modal
      opened={shop !== null}
      onClose={onClose}
      title={
        shop
          ? intl.formatMessage(
              { id: 'confirmVote.title', defaultMessage: 'Give your vote to {shop}?' },
              { shop: shop.name },
            )
          : ''
      }
      centered
    >
      <Text>
        {intl.formatMessage({ id: 'confirmVote.final', defaultMessage: "Votes can't be changed." })}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {intl.formatMessage({ id: 'confirmVote.cancel', defaultMessage: 'Cancel' })}
        </Button>
        <Button
          data-autofocus
          onClick={() => {
            if (shop) onConfirm(shop);
            onClose();
          }}
        >
          {intl.formatMessage({ id: 'confirmVote.give', defaultMessage: 'Give my vote' })}
        </Button>
      </Group>
    </Modal>
  );
}
