import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { AdminBusiness } from '#shared/businesses.ts';
import { useDeleteBusiness } from '../api/delete-business.ts';

/** The delete confirmation of docs/SPEC.md section 2. */
export function DeleteBusinessDialog({
  business,
  onClose,
}: {
  business: AdminBusiness | null;
  onClose: () => void;
}) {
  const remove = useDeleteBusiness();
  return (
    <Modal opened={business !== null} onClose={onClose} title="Are you sure?" centered>
      <Text>
        This will permanently remove {business?.name} from the challenge. This action cannot be
        undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red.8"
          disabled={remove.isPending}
          onClick={() => {
            if (business)
              remove.mutate(
                { id: business.id, challengeId: business.challengeId },
                { onSuccess: onClose },
              );
          }}
        >
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </Group>
    </Modal>
  );
}
