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
import { useMessages } from '#client/i18n/language.tsx';
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
  const intl = useMessages();
  const mailbox = useMailbox(address);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: address ?? '' },
    validate: zodResolver(addressFormSchema),
  });

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          {intl.formatMessage({ id: 'sandboxMailbox.title', defaultMessage: 'Sandbox Mailbox' })}
        </Title>
        <Alert
          icon={<IconFlask size={18} aria-hidden />}
          title={intl.formatMessage({
            id: 'sandboxMailbox.testingOnly',
            defaultMessage: 'Testing only',
          })}
          color="yellow"
        >
          {intl.formatMessage({
            id: 'sandboxMailbox.testingOnlyText',
            defaultMessage:
              "No mail server is set up, so the site's email is kept here instead of being sent.",
          })}
        </Alert>
        <form noValidate onSubmit={form.onSubmit((values) => onAddress(values.email.trim()))}>
          <Group align="flex-end">
            <TextInput
              label={intl.formatMessage({
                id: 'sandboxMailbox.email',
                defaultMessage: 'Email address',
              })}
              type="email"
              autoComplete="email"
              style={{ flex: 1 }}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit">
              {intl.formatMessage({ id: 'sandboxMailbox.show', defaultMessage: 'Show Mail' })}
            </Button>
          </Group>
        </form>
        {address !== null && mailbox.isError && (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'sandboxMailbox.loadFailed',
              defaultMessage: 'Could not load the mailbox',
            })}
            role="alert"
          >
            {errorText(
              mailbox.error,
              intl.formatMessage({
                id: 'sandboxMailbox.tryAgain',
                defaultMessage: 'Try again in a moment.',
              }),
            )}
          </Alert>
        )}
        {address !== null && mailbox.data?.length === 0 && (
          <Text>
            {intl.formatMessage(
              { id: 'sandboxMailbox.none', defaultMessage: 'No mail for {address} yet.' },
              { address },
            )}
          </Text>
        )}
        {mailbox.data?.map((message) => (
          <Paper key={`${message.sentAt}-${message.subject}`} withBorder p="md" component="article">
            <Title order={2} size="h4">
              {message.subject}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {intl.formatMessage(
                { id: 'sandboxMailbox.to', defaultMessage: 'To {to}, {sentAt}' },
                { to: message.to, sentAt: new Date(message.sentAt).toLocaleString(intl.locale) },
              )}
            </Text>
            {Object.keys(message.headers).length > 0 && (
              <dl
                aria-label={intl.formatMessage({
                  id: 'sandboxMailbox.headers',
                  defaultMessage: 'Headers',
                })}
                style={{ margin: '0 0 var(--mantine-spacing-sm)' }}
              >
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
