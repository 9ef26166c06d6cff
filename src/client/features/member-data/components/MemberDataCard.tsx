import { Anchor, Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { defineMessage } from 'react-intl';
import { Link } from 'react-router';
import { pages } from '#shared/pages.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { EXPORT_URL } from '../api/delete-account.ts';

// The form and its schema (zod) load when the member opens it, not with the pass (ADR 0051).
const DeleteAccountForm = lazy(() => import('./DeleteAccountForm.tsx'));

const loadingForm = defineMessage({
  id: 'memberData.loadingForm',
  defaultMessage: 'Loading the form',
});

/**
 * /profile's 'Your Data' section (docs/decisions/0039): download everything the site holds about
 * the member, or delete the account after the password.
 */
export function MemberDataCard() {
  const intl = useMessages();
  const [deleting, setDeleting] = useState(false);

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
            // The file's name comes with it (Content-Disposition), so the card loads no contract.
            download
            variant="default"
            w="fit-content"
          >
            {intl.formatMessage({ id: 'memberData.download', defaultMessage: 'Download My Data' })}
          </Button>
          {deleting ? (
            <Suspense fallback={<Loader size="sm" aria-label={intl.formatMessage(loadingForm)} />}>
              <DeleteAccountForm onKeep={() => setDeleting(false)} />
            </Suspense>
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
