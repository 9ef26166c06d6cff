import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import { useId } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { saleAlertInputSchema } from '#shared/messages.ts';
import { errorText } from '#client/lib/api.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useSaleAlert } from '../api/messages.ts';

/**
 * An upcoming battle's 'Tell me when passes go on sale': one email when the battle starts, with
 * the one-click unsubscribe of the organizer's messages (docs/RULES.md rule 20).
 */
export function SaleAlertForm({ challengeId }: { challengeId: number }) {
  const alert = useSaleAlert(challengeId);
  // /battles may show one for each upcoming battle.
  const headingId = useId();
  const intl = useMessages();
  const form = useForm<{ email: string }>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zodResolver(saleAlertInputSchema),
  });
  return (
    <Stack gap="sm" mt="lg" maw={520} mx="auto" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} ta="center">
        {intl.formatMessage({
          id: 'saleAlert.title',
          defaultMessage: 'Tell me when passes go on sale',
        })}
      </Title>
      {alert.isSuccess ? (
        <Paper withBorder p="md" role="status">
          <Text fw={700}>
            {intl.formatMessage({
              id: 'saleAlert.onTheList',
              defaultMessage: "You're on the list",
            })}
          </Text>
          <Text>{alert.data.message}</Text>
        </Paper>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => alert.mutate(values.email))}>
          <Stack gap="xs">
            {alert.isError && (
              <Alert
                color="red"
                title={intl.formatMessage({
                  id: 'saleAlert.notSaved',
                  defaultMessage: 'Not saved',
                })}
                role="alert"
              >
                {errorText(
                  alert.error,
                  intl.formatMessage({
                    id: 'saleAlert.tryAgain',
                    defaultMessage: 'Please try again.',
                  }),
                )}
              </Alert>
            )}
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={intl.formatMessage({ id: 'saleAlert.email', defaultMessage: 'Your email' })}
                // Named, typed and marked as an email, so the browser offers the saved address.
                name="email"
                type="email"
                autoComplete="email"
                required
                withAsterisk={false}
                style={{ flex: '1 1 14rem' }}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={alert.isPending} mt={{ base: 0, xs: 25 }}>
                {intl.formatMessage({ id: 'saleAlert.tellMe', defaultMessage: 'Tell Me' })}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {intl.formatMessage({
                id: 'saleAlert.oneEmail',
                defaultMessage:
                  'One email when the battle starts, with a one-click unsubscribe link.',
              })}
            </Text>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
