import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Card, Container, Stack, Switch, Text, Title } from '@mantine/core';
import { useMailPreferences, useSetMailPreferences } from '../api/messages.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** /profile's 'Emails from the organizer' switch (docs/RULES.md rule 20): account mail always goes. */
export function OrganizerMailSwitch() {
  const intl = useMessages();
  const preferences = useMailPreferences();
  const save = useSetMailPreferences();
  if (!preferences.data) return null;
  return (
    <Container size="lg" pb="xl">
      <Card withBorder padding="lg" component="section" aria-labelledby="organizer-mail-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="organizer-mail-heading">
            {intl.formatMessage({ id: 'organizerMail.title', defaultMessage: 'Email Preferences' })}
          </Title>
          <Switch
            label={intl.formatMessage({
              id: 'organizerMail.switch',
              defaultMessage: 'Emails from the organizer',
            })}
            description={intl.formatMessage({
              id: 'organizerMail.switchHint',
              defaultMessage:
                'Messages and a reminder before the end. Receipts, password resets and other account emails always come.',
            })}
            checked={preferences.data.organizerMail}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ organizerMail: event.currentTarget.checked })}
          />
          <Text size="sm" c="dimmed">
            {intl.formatMessage({
              id: 'organizerMail.unsubscribe',
              defaultMessage: 'Every organizer email also has a one-click unsubscribe link.',
            })}
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}
