import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { useMessages } from '#client/i18n/language.tsx';
import { BusinessForm, type BusinessFormProps } from './BusinessForm.tsx';

export interface BusinessFormDialogProps extends Omit<BusinessFormProps, 'onDone'> {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add New Business' / 'Edit Business' (docs/SPEC.md section 2, /admin/businesses): the dialog
 * around BusinessForm, which starts afresh for each shop opened.
 */
export function BusinessFormDialog({
  opened,
  business,
  onClose,
  ...form
}: BusinessFormDialogProps) {
  const intl = useMessages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        business
          ? intl.formatMessage({ id: 'businessForm.editTitle', defaultMessage: 'Edit Business' })
          : intl.formatMessage({ id: 'businessForm.addTitle', defaultMessage: 'Add New Business' })
      }
      size={600}
    >
      {opened && (
        <BusinessForm key={business?.id ?? 'new'} business={business} onDone={onClose} {...form} />
      )}
    </Modal>
  );
}
