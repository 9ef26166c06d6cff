import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import { Alert, Container, Paper, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BackToSignIn } from '#client/features/auth/components/BackToSignIn.tsx';
import { ConfirmEmailChange } from '#client/features/auth/components/ConfirmEmailChange.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** /auth/verify-email?token=: the link mailed to a member's new address. */
export default function AuthVerifyEmailRoute() {
  usePageMeta(pages.authVerifyEmail);
  const intl = useMessages();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2" mb="md">
          {intl.formatMessage({
            id: 'verifyEmail.title',
            defaultMessage: 'Confirm Your New Email',
          })}
        </Title>
        {token ? (
          <ConfirmEmailChange token={token} />
        ) : (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'verifyEmail.incompleteTitle',
              defaultMessage: 'Link incomplete',
            })}
            role="alert"
          >
            {intl.formatMessage({
              id: 'verifyEmail.incompleteText',
              defaultMessage: 'This link is missing its token. Open the link from the email again.',
            })}
          </Alert>
        )}
        <BackToSignIn />
      </Paper>
    </Container>
  );
}
