import '@mantine/core/styles/Alert.css';
import { Alert, Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { defineMessage } from 'react-intl';
import { useMessages } from '#client/i18n/language.tsx';
import { useUser } from '../api/get-user.ts';
import { useRequestEmailChange } from '../api/email-change.ts';
import { SandboxMailboxLink } from './SandboxMailboxLink.tsx';

// The form and its schema (zod) load when the member opens it, not with the pass (ADR 0051).
const ChangeEmailForm = lazy(() => import('./ChangeEmailForm.tsx'));

const loadingForm = defineMessage({
  id: 'changeEmail.loadingForm',
  defaultMessage: 'Loading the form',
});

/** /profile's account section: the member's email and the form that changes it by emailed link. */
export function ChangeEmailCard() {
  const intl = useMessages();
  const { user } = useUser();
  const [editing, setEditing] = useState(false);
  const request = useRequestEmailChange();
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
            <Suspense fallback={<Loader size="sm" aria-label={intl.formatMessage(loadingForm)} />}>
              <ChangeEmailForm request={request} />
            </Suspense>
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
