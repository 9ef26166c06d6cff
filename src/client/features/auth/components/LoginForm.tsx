import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { loginBodySchema, type LoginBody, type PublicUser } from '#shared/auth.ts';
import { paths } from '#shared/paths.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { FieldsUntilHydrated } from './FieldsUntilHydrated.tsx';
import { revealToggleProps } from './reveal-toggle.ts';
import { authMessages } from './auth-messages.ts';
import { useLogin } from '../api/login.ts';

export interface LoginFormProps {
  /** Runs after the user is set and the welcome toast shows (e.g. navigate or reload). */
  onSuccess?: (user: PublicUser) => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const intl = useMessages();
  const login = useLogin();
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: zodResolver(loginBodySchema),
    validateInputOnBlur: true,
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        login.mutate(values, { onSuccess: (user) => onSuccess?.(user) });
      })}
    >
      <FieldsUntilHydrated>
        <Stack gap="md">
          <TextInput
            label={intl.formatMessage(authMessages.username)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            visibilityToggleButtonProps={revealToggleProps}
            label={intl.formatMessage(authMessages.password)}
            autoComplete="current-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending}>
            {intl.formatMessage({ id: 'loginForm.submit', defaultMessage: 'Log In' })}
          </Button>
          <Anchor component={Link} to={paths.authReset} size="sm" ta="center">
            {intl.formatMessage({
              id: 'loginForm.forgotPassword',
              defaultMessage: 'Forgot password?',
            })}
          </Anchor>
        </Stack>
      </FieldsUntilHydrated>
    </form>
  );
}
