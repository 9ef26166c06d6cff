import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import { Alert, Container, Paper, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BackToSignIn } from '#client/features/auth/components/BackToSignIn.tsx';
import { ConfirmEmailChange } from '#client/features/auth/components/ConfirmEmailChange.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /auth/verify-email?token=: the link mailed to a member's new address. */
export default function AuthVerifyEmailRoute() {
  usePageMeta(pages.authVerifyEmail);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2" mb="md">
          Confirm Your New Email
        </Title>
        {token ? (
          <ConfirmEmailChange token={token} />
        ) : (
          <Alert color="red" title="Link incomplete" role="alert">
            This link is missing its token. Open the link from the email again.
          </Alert>
        )}
        <BackToSignIn />
      </Paper>
    </Container>
  );
}
