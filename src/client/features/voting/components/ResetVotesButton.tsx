import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDialog } from '#client/lib/use-dialog.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useResetVotes } from '../api/reset-votes.ts';

/**
 * 'Reset Votes (Testing Only)': render it only when the server has test tools on (rule 5). It
 * takes back every vote of the pass, so it asks first.
 */
export function ResetVotesButton() {
  const intl = useMessages();
  const reset = useResetVotes();
  const dialog = useDialog();
  return (
    <>
      <Button variant="outline" color="red.8" onClick={dialog.open}>
        {intl.formatMessage({
          id: 'resetVotes.open',
          defaultMessage: 'Reset Votes (Testing Only)',
        })}
      </Button>
      {dialog.mounted && (
        <Modal
          opened={dialog.opened}
          onClose={dialog.close}
          title={intl.formatMessage({
            id: 'resetVotes.title',
            defaultMessage: 'Reset all your votes?',
          })}
          centered
        >
          <Stack gap="md">
            <Text>
              {intl.formatMessage({
                id: 'resetVotes.text',
                defaultMessage:
                  'Every vote you cast in this challenge returns to your available votes. This is a testing tool.',
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={dialog.close}>
                {intl.formatMessage({ id: 'resetVotes.cancel', defaultMessage: 'Cancel' })}
              </Button>
              <Button
                color="red.8"
                loading={reset.isPending}
                onClick={() => reset.mutate(undefined, { onSettled: dialog.close })}
              >
                {intl.formatMessage({ id: 'resetVotes.confirm', defaultMessage: 'Reset Votes' })}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
