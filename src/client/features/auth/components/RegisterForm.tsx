import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useForm } from '@mantine/form';
import {
  registerFormSchema,
  type PublicUser,
  type RegisterForm as RegisterFormValues,
} from '#shared/auth.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { FieldsUntilHydrated } from './FieldsUntilHydrated.tsx';
import { revealToggleProps } from './reveal-toggle.ts';
import { authMessages } from './auth-messages.ts';
import { useRegister } from '../api/register.ts';

export interface RegisterFormProps {
  /** Runs after the account is created, signed in and the welcome toast shows. */
  onSuccess?: (user: PublicUser) => void;
}

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const intl = useMessages();
  const registration = useRegister();
  const form = useForm<RegisterFormValues>({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '', fullName: '', password: '', confirmPassword: '' },
    validate: zodResolver(registerFormSchema),
    validateInputOnBlur: true,
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ username, email, fullName, password }) => {
        // confirmPassword is checked here and never sent (docs/SPEC.md section 5).
        registration.mutate(
          { username, email, fullName, password },
          { onSuccess: (user) => onSuccess?.(user) },
        );
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
          <TextInput
            label={intl.formatMessage(authMessages.email)}
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'registerForm.fullName', defaultMessage: 'Full Name' })}
            autoComplete="name"
            required
            withAsterisk={false}
            key={form.key('fullName')}
            {...form.getInputProps('fullName')}
          />
          <PasswordInput
            visibilityToggleButtonProps={revealToggleProps}
            label={intl.formatMessage(authMessages.password)}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            visibilityToggleButtonProps={revealToggleProps}
            label={intl.formatMessage({
              id: 'registerForm.confirmPassword',
              defaultMessage: 'Confirm Password',
            })}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={registration.isPending}>
            {intl.formatMessage(authMessages.createAccount)}
          </Button>
          <Text fz="sm" c="dimmed" ta="center">
            {intl.formatMessage(
              {
                id: 'registerForm.privacy',
                defaultMessage: 'How we handle your data: <link>Privacy</link>',
              },
              {
                link: (chunks) => (
                  <Anchor component={Link} to={paths.privacy}>
                    {chunks}
                  </Anchor>
                ),
              },
            )}
          </Text>
        </Stack>
      </FieldsUntilHydrated>
    </form>
  );
}
