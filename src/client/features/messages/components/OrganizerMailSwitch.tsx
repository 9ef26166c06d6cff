import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Card, Container, Stack, Switch, Text, Title } from '@mantine/core';
import { useMailPreferences, useSetMailPreferences } from '../api/messages.ts';

/** /profile's 'Emails from the organizer' switch (docs/RULES.md rule 20): account mail always goes. */
export function OrganizerMailSwitch() {
  const preferences = useMailPreferences();
  const save = useSetMailPreferences();
  if (!preferences.data) return null;
  return (
    <Container size="lg" pb="xl">
      <Card withBorder padding="lg" component="section" aria-labelledby="organizer-mail-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="organizer-mail-heading">
            Email Preferences
          </Title>
          <Switch
            label="Emails from the organizer"
            description="Messages and a reminder before the end. Receipts, password resets and other account emails always come."
            checked={preferences.data.organizerMail}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ organizerMail: event.currentTarget.checked })}
          />
          <Text size="sm" c="dimmed">
            Every organizer email also has a one-click unsubscribe link.
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}
