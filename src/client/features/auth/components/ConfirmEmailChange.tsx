import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { errorText } from '#client/lib/api.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useConfirmEmailChange, useEmailChangePreview } from '../api/email-change.ts';

/**
 * Confirms the new address with the token from the emailed link. A button, not an automatic
 * request on load, so a mail scanner that opens links changes nothing. The page names the address
 * first; a link that did not work offers no button that could only fail again.
 */
export function ConfirmEmailChange({ token }: { token: string }) {
  const intl = useMessages();
  const preview = useEmailChangePreview(token);
  const confirm = useConfirmEmailChange();

  if (confirm.isSuccess) {
    return (
      <Alert
        color="green"
        title={intl.formatMessage({
          id: 'confirmEmail.doneTitle',
          defaultMessage: 'Email changed',
        })}
        role="status"
      >
        {confirm.data.message}{' '}
        <Anchor component={Link} to={paths.profile}>
          {intl.formatMessage({
            id: 'confirmEmail.toProfile',
            defaultMessage: 'Go to your profile',
          })}
        </Anchor>
      </Alert>
    );
  }
  if (preview.isPending) {
    return (
      <Stack align="center" py="md">
        <Loader
          size="sm"
          aria-label={intl.formatMessage({
            id: 'confirmEmail.checking',
            defaultMessage: 'Checking the link',
          })}
        />
      </Stack>
    );
  }
  if (preview.isError || confirm.isError) {
    return (
      <Alert
        color="red"
        title={intl.formatMessage({
          id: 'confirmEmail.failedTitle',
          defaultMessage: 'This link did not work',
        })}
        role="alert"
      >
        {errorText(
          preview.error ?? confirm.error,
          intl.formatMessage({
            id: 'confirmEmail.failedText',
            defaultMessage: 'Please change your email again from your profile.',
          }),
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text>
        {intl.formatMessage(
          { id: 'confirmEmail.question', defaultMessage: 'Confirm <b>{email}</b> as your email' },
          { email: preview.data.newEmail, b: (chunks) => <strong>{chunks}</strong> },
        )}
      </Text>
      <Button fullWidth loading={confirm.isPending} onClick={() => confirm.mutate({ token })}>
        {intl.formatMessage({ id: 'confirmEmail.confirm', defaultMessage: 'Confirm New Email' })}
      </Button>
    </Stack>
  );
}
