import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { AdminBusiness } from '#shared/businesses.ts';
import { useMessages } from '#client/i18n/language.tsx';
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
  const intl = useMessages();
  return (
    <Modal
      opened={business !== null}
      onClose={onClose}
      title={intl.formatMessage({ id: 'deleteBusiness.title', defaultMessage: 'Are you sure?' })}
      centered
    >
      <Text>
        {intl.formatMessage(
          {
            id: 'deleteBusiness.text',
            defaultMessage:
              'This will permanently remove {shop} from the challenge. This action cannot be undone.',
          },
          { shop: business?.name ?? '' },
        )}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {intl.formatMessage({ id: 'deleteBusiness.cancel', defaultMessage: 'Cancel' })}
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
          {remove.isPending
            ? intl.formatMessage({ id: 'deleteBusiness.deleting', defaultMessage: 'Deleting...' })
            : intl.formatMessage({ id: 'deleteBusiness.delete', defaultMessage: 'Delete' })}
        </Button>
      </Group>
    </Modal>
  );
}
