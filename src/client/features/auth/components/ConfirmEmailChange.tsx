import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { errorText } from '#client/lib/api.ts';
import { useConfirmEmailChange, useEmailChangePreview } from '../api/email-change.ts';

/**
 * Confirms the new address with the token from the emailed link. A button, not an automatic
 * request on load, so a mail scanner that opens links changes nothing. The page names the address
 * first; a link that did not work offers no button that could only fail again.
 */
export function ConfirmEmailChange({ token }: { token: string }) {
  const preview = useEmailChangePreview(token);
  const confirm = useConfirmEmailChange();

  if (confirm.isSuccess) {
    return (
      <Alert color="green" title="Email changed" role="status">
        {confirm.data.message}{' '}
        <Anchor component={Link} to={paths.profile}>
          Go to your profile
        </Anchor>
      </Alert>
    );
  }
  if (preview.isPending) {
    return (
      <Stack align="center" py="md">
        <Loader size="sm" aria-label="Checking the link" />
      </Stack>
    );
  }
  if (preview.isError || confirm.isError) {
    return (
      <Alert color="red" title="This link did not work" role="alert">
        {errorText(
          preview.error ?? confirm.error,
          'Please change your email again from your profile.',
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text>
        Confirm <strong>{preview.data.newEmail}</strong> as your email
      </Text>
      <Button fullWidth loading={confirm.isPending} onClick={() => confirm.mutate({ token })}>
        Confirm New Email
      </Button>
    </Stack>
  );
}
