import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import {
  Alert,
  Button,
  Card,
  Container,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { emailChangeRequestSchema, type EmailChangeRequest } from '#shared/auth.ts';
import { errorText } from '#client/lib/api.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useUser } from '../api/get-user.ts';
import { useRequestEmailChange } from '../api/email-change.ts';
import { revealToggleProps } from './reveal-toggle.ts';
import { SandboxMailboxLink } from './SandboxMailboxLink.tsx';

/** /profile's account section: the member's email and the form that changes it by emailed link. */
export function ChangeEmailCard() {
  const intl = useMessages();
  const { user } = useUser();
  const [editing, setEditing] = useState(false);
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeRequest>({
    mode: 'uncontrolled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: zodResolver(emailChangeRequestSchema),
    validateInputOnBlur: true,
  });
  if (!user) return null;

  return (
    <Container size="lg" pb="xl">
      <Card withBorder padding="lg" component="section" aria-labelledby="account-email-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="account-email-heading">
            {intl.formatMessage({ id: 'changeEmail.title', defaultMessage: 'Account Email' })}
          </Title>
          <Text>
            {intl.formatMessage(
              { id: 'changeEmail.current', defaultMessage: 'Email: <b>{email}</b>' },
              { email: user.email, b: (chunks) => <strong>{chunks}</strong> },
            )}
          </Text>
          {request.isSuccess ? (
            <Alert
              color="green"
              title={intl.formatMessage({
                id: 'changeEmail.sentTitle',
                defaultMessage: 'Check your new inbox',
              })}
              role="status"
            >
              {request.data.message}
              <SandboxMailboxLink email={request.variables.newEmail} />
            </Alert>
          ) : editing ? (
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
          ) : (
            <Button variant="default" w="fit-content" onClick={() => setEditing(true)}>
              {intl.formatMessage({ id: 'changeEmail.open', defaultMessage: 'Change Email' })}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
