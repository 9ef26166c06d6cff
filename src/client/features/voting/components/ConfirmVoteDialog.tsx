import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { PublicBusiness } from '#shared/businesses.ts';

/** The one question before a vote is sent: votes are final, so a mis-tap must not cast one. */
export function ConfirmVoteDialog({
  shop,
  onConfirm,
  onClose,
}: {
  /** The shop the member tapped Vote for; null: closed. */
  shop: Pick<PublicBusiness, 'id' | 'name'> | null;
  onConfirm: (shopId: number) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={shop !== null}
      onClose={onClose}
      title={shop ? `Give your vote to ${shop.name}?` : ''}
      centered
    >
      <Text>Votes can&apos;t be changed.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          data-autofocus
          onClick={() => {
            if (shop) onConfirm(shop.id);
            onClose();
          }}
        >
          Give my vote
        </Button>
      </Group>
    </Modal>
  );
}
