import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  deleteAccountBodySchema,
  EXPORT_FILE_NAME,
  type DeleteAccountBody,
} from '#shared/member-data.ts';
import { pages } from '#shared/pages.ts';
import { errorText } from '#client/lib/api.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { EXPORT_URL, useDeleteAccount } from '../api/delete-account.ts';

/**
 * /profile's 'Your Data' section (docs/decisions/0039): download everything the site holds about
 * the member, or delete the account after the password.
 */
export function MemberDataCard() {
  const intl = useMessages();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountBody>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: zodResolver(deleteAccountBodySchema),
  });

  return (
    <Container size="lg" pb="xl">
      <Card withBorder padding="lg" component="section" aria-labelledby="member-data-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="member-data-heading">
            {intl.formatMessage({ id: 'memberData.title', defaultMessage: 'Your Data' })}
          </Title>
          <Text>
            {intl.formatMessage({
              id: 'memberData.intro',
              defaultMessage:
                'Download everything we hold about you: your account, passes, coupons, votes, payments and emails.',
            })}{' '}
            <Anchor component={Link} to={pages.privacy.path}>
              {intl.formatMessage({
                id: 'memberData.privacy',
                defaultMessage: 'How we handle your data',
              })}
            </Anchor>
          </Text>
          <Button
            component="a"
            href={EXPORT_URL}
            download={EXPORT_FILE_NAME}
            variant="default"
            w="fit-content"
          >
            {intl.formatMessage({ id: 'memberData.download', defaultMessage: 'Download My Data' })}
          </Button>
          {deleting ? (
            <form
              noValidate
              onSubmit={form.onSubmit((values) => {
                remove.mutate(values);
              })}
            >
              <Stack gap="sm" maw={420}>
                <Alert
                  color="red"
                  title={intl.formatMessage({
                    id: 'memberData.deleteTitle',
                    defaultMessage: 'Delete your account?',
                  })}
                  role="note"
                >
                  {intl.formatMessage({
                    id: 'memberData.deleteText',
                    defaultMessage:
                      'Your name, email address and password are erased and you are signed out. Your passes, coupons, votes and payments stay without your name, so results and shop settlements do not change. This cannot be undone.',
                  })}
                </Alert>
                {remove.isError && (
                  <Alert
                    color="red"
                    title={intl.formatMessage({
                      id: 'memberData.deleteFailedTitle',
                      defaultMessage: 'Account not deleted',
                    })}
                    role="alert"
                  >
                    {errorText(
                      remove.error,
                      intl.formatMessage({
                        id: 'memberData.tryAgain',
                        defaultMessage: 'Please try again.',
                      }),
                    )}
                  </Alert>
                )}
                <PasswordInput
                  label={intl.formatMessage({
                    id: 'memberData.password',
                    defaultMessage: 'Password',
                  })}
                  autoComplete="current-password"
                  required
                  withAsterisk={false}
                  key={form.key('password')}
                  {...form.getInputProps('password')}
                />
                <Group gap="sm">
                  <Button type="submit" color="red.9" loading={remove.isPending}>
                    {intl.formatMessage({
                      id: 'memberData.deleteConfirm',
                      defaultMessage: 'Delete My Account Forever',
                    })}
                  </Button>
                  <Button variant="default" onClick={() => setDeleting(false)}>
                    {intl.formatMessage({
                      id: 'memberData.keep',
                      defaultMessage: 'Keep My Account',
                    })}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Button
              variant="outline"
              color="red.9"
              w="fit-content"
              onClick={() => setDeleting(true)}
            >
              {intl.formatMessage({ id: 'memberData.delete', defaultMessage: 'Delete My Account' })}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
