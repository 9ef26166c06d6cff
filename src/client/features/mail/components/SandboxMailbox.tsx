import '@mantine/core/styles/Input.css';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { emailSchema } from '#shared/auth.ts';
import { errorText } from '#client/lib/api.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMailbox } from '../api/get-mailbox.ts';

const addressFormSchema = z.object({ email: emailSchema });

/**
 * The sandbox mailbox: without SMTP_URL the site's email lands here, as the sandbox payment page
 * stands in for a real provider. Only shown to organizers while test tools are on.
 */
export function SandboxMailbox({
  address,
  onAddress,
}: {
  address: string | null;
  onAddress: (email: string) => void;
}) {
  const mailbox = useMailbox(address);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: address ?? '' },
    validate: zodResolver(addressFormSchema),
  });

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Sandbox Mailbox</Title>
        <Alert icon={<IconFlask size={18} aria-hidden />} title="Testing only" color="yellow">
          No mail server is set up, so the site&apos;s email is kept here instead of being sent.
        </Alert>
        <form noValidate onSubmit={form.onSubmit((values) => onAddress(values.email.trim()))}>
          <Group align="flex-end">
            <TextInput
              label="Email address"
              type="email"
              autoComplete="email"
              style={{ flex: 1 }}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit">Show Mail</Button>
          </Group>
        </form>
        {address !== null && mailbox.isError && (
          <Alert color="red" title="Could not load the mailbox" role="alert">
            {errorText(mailbox.error, 'Try again in a moment.')}
          </Alert>
        )}
        {address !== null && mailbox.data?.length === 0 && <Text>No mail for {address} yet.</Text>}
        {mailbox.data?.map((message) => (
          <Paper key={`${message.sentAt}-${message.subject}`} withBorder p="md" component="article">
            <Title order={2} size="h4">
              {message.subject}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              To {message.to}, {new Date(message.sentAt).toLocaleString()}
            </Text>
            {Object.keys(message.headers).length > 0 && (
              <dl aria-label="Headers" style={{ margin: '0 0 var(--mantine-spacing-sm)' }}>
                {Object.entries(message.headers).map(([name, value]) => (
                  <Text key={name} component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600} component="dt" display="inline">
                      {name}:
                    </Text>{' '}
                    <Text span component="dd" display="inline" m={0}>
                      {value}
                    </Text>
                  </Text>
                ))}
              </dl>
            )}
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Text>
            {message.links.length > 0 && (
              <Stack gap={4} mt="sm">
                {message.links.map((link) => (
                  <Anchor key={link} href={link} style={{ overflowWrap: 'anywhere' }}>
                    {link}
                  </Anchor>
                ))}
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
