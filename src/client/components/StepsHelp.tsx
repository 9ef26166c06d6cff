import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import { Button, List, Modal } from '@mantine/core';
import { useDialog } from '#client/lib/use-dialog.ts';
import { IconHelpCircle } from '@tabler/icons-react';

/** A help button that opens a modal of numbered steps ('How to Redeem Coupons', 'How to Vote'). */
export function StepsHelp({ title, steps }: { title: string; steps: readonly string[] }) {
  const { opened, mounted, open, close } = useDialog();
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<IconHelpCircle size={18} aria-hidden />}
        onClick={open}
      >
        {title}
      </Button>
      {mounted && (
        <Modal opened={opened} onClose={close} title={title} centered>
          <List type="ordered" spacing="sm">
            {steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Modal>
      )}
    </>
  );
}
