import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { errorText } from '#client/lib/api.ts';
import { useConfirmEmailChange } from '../api/email-change.ts';

/**
 * Confirms the new address with the token from the emailed link. A button, not an automatic
 * request on load, so a mail scanner that opens links changes nothing.
 */
export function ConfirmEmailChange({ token }: { token: string }) {
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
  return (
    <Stack gap="md">
      {confirm.isError && (
        <Alert color="red" title="Email not changed" role="alert">
          {errorText(confirm.error, 'Please try again.')}
        </Alert>
      )}
      <Text>Confirm that this email address should be the one of your account.</Text>
      <Button fullWidth loading={confirm.isPending} onClick={() => confirm.mutate({ token })}>
        Confirm New Email
      </Button>
    </Stack>
  );
}
