import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordResetRequestSchema, type PasswordResetRequest } from '#shared/auth.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { authMessages } from './auth-messages.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { SandboxMailboxLink } from './SandboxMailboxLink.tsx';

/** Asks for a reset link; the answer never tells whether an account uses the address. */
export function ForgotPasswordForm() {
  const intl = useMessages();
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zodResolver(passwordResetRequestSchema),
    validateInputOnBlur: true,
  });

  if (request.isSuccess) {
    return (
      <Alert
        color="green"
        title={intl.formatMessage({
          id: 'forgotPassword.checkEmail',
          defaultMessage: 'Check your email',
        })}
        role="status"
      >
        {request.data.message}
        <SandboxMailboxLink email={request.variables.email} />
      </Alert>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values))}>
      <Stack gap="md">
        <Text>
          {intl.formatMessage({
            id: 'forgotPassword.intro',
            defaultMessage:
              'Enter the email address of your account and we will send you a link to choose a new password.',
          })}
        </Text>
        <TextInput
          label={intl.formatMessage(authMessages.email)}
          type="email"
          autoComplete="email"
          required
          withAsterisk={false}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={request.isPending}>
          {intl.formatMessage({ id: 'forgotPassword.submit', defaultMessage: 'Send Reset Link' })}
        </Button>
      </Stack>
    </form>
  );
}
