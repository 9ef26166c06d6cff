import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailChangeRequestSchema, type EmailChangeRequest } from '#shared/auth.ts';
import { errorText } from '#client/lib/api.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import type { useRequestEmailChange } from '../api/email-change.ts';
import { revealToggleProps } from './reveal-toggle.ts';

/** The new address and the current password (ChangeEmailCard), checked by the shared schema. */
export default function ChangeEmailForm({
  request,
}: {
  request: ReturnType<typeof useRequestEmailChange>;
}) {
  const intl = useMessages();
  const form = useForm<EmailChangeRequest>({
    mode: 'uncontrolled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: zodResolver(emailChangeRequestSchema),
    validateInputOnBlur: true,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        request.mutate(values, { onSuccess: () => form.reset() });
      })}
    >
      <Stack gap="sm" maw={420}>
        {request.isError && (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'changeEmail.failedTitle',
              defaultMessage: 'Email not changed',
            })}
            role="alert"
          >
            {errorText(
              request.error,
              intl.formatMessage({
                id: 'changeEmail.tryAgain',
                defaultMessage: 'Please try again.',
              }),
            )}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({
            id: 'changeEmail.newEmail',
            defaultMessage: 'New Email',
          })}
          type="email"
          autoComplete="email"
          required
          withAsterisk={false}
          key={form.key('newEmail')}
          {...form.getInputProps('newEmail')}
        />
        <PasswordInput
          visibilityToggleButtonProps={revealToggleProps}
          label={intl.formatMessage({
            id: 'changeEmail.currentPassword',
            defaultMessage: 'Current Password',
          })}
          autoComplete="current-password"
          required
          withAsterisk={false}
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <Button type="submit" loading={request.isPending}>
          {intl.formatMessage({
            id: 'changeEmail.send',
            defaultMessage: 'Send Confirmation Link',
          })}
        </Button>
      </Stack>
    </form>
  );
}
