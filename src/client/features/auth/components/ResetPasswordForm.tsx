import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { newPasswordFormSchema, type NewPasswordForm, type PublicUser } from '#shared/auth.ts';
import { paths } from '#shared/paths.ts';
import { errorText } from '#client/lib/api.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { revealToggleProps } from './reveal-toggle.ts';

/** Chooses a new password with the token from the emailed link. */
export function ResetPasswordForm({
  token,
  onSuccess,
}: {
  token: string;
  onSuccess: (user: PublicUser) => void;
}) {
  const intl = useMessages();
  const confirm = useConfirmPasswordReset();
  const form = useForm<NewPasswordForm>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zodResolver(newPasswordFormSchema),
    validateInputOnBlur: true,
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) => {
        confirm.mutate({ token, password }, { onSuccess });
      })}
    >
      <Stack gap="md">
        {confirm.isError && (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'resetPassword.failedTitle',
              defaultMessage: 'Password not changed',
            })}
            role="alert"
          >
            {errorText(
              confirm.error,
              intl.formatMessage({
                id: 'resetPassword.tryAgain',
                defaultMessage: 'Please try again.',
              }),
            )}{' '}
            <Anchor component={Link} to={paths.authReset}>
              {intl.formatMessage({
                id: 'resetPassword.newLink',
                defaultMessage: 'Ask for a new link',
              })}
            </Anchor>
          </Alert>
        )}
        <PasswordInput
          visibilityToggleButtonProps={revealToggleProps}
          label={intl.formatMessage({
            id: 'resetPassword.newPassword',
            defaultMessage: 'New Password',
          })}
          autoComplete="new-password"
          required
          withAsterisk={false}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          visibilityToggleButtonProps={revealToggleProps}
          label={intl.formatMessage({
            id: 'resetPassword.confirmPassword',
            defaultMessage: 'Confirm New Password',
          })}
          autoComplete="new-password"
          required
          withAsterisk={false}
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={confirm.isPending}>
          {intl.formatMessage({ id: 'resetPassword.submit', defaultMessage: 'Set New Password' })}
        </Button>
      </Stack>
    </form>
  );
}
