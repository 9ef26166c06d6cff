import { pages } from '#shared/pages.ts';
import { Container, Paper, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { BackToSignIn } from '#client/features/auth/components/BackToSignIn.tsx';
import { ForgotPasswordForm } from '#client/features/auth/components/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from '#client/features/auth/components/ResetPasswordForm.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** /auth/reset: ask for a reset link, or with ?token= from the email, choose a new password. */
export default function AuthResetRoute() {
  usePageMeta(pages.authReset);
  const intl = useMessages();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');

  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2" mb="md">
          {token
            ? intl.formatMessage({
                id: 'authReset.chooseTitle',
                defaultMessage: 'Choose a New Password',
              })
            : intl.formatMessage({
                id: 'authReset.forgotTitle',
                defaultMessage: 'Forgot Password?',
              })}
        </Title>
        {token ? (
          <ResetPasswordForm
            token={token}
            onSuccess={() => void navigate(paths.profile, { replace: true })}
          />
        ) : (
          <ForgotPasswordForm />
        )}
        <BackToSignIn />
      </Paper>
    </Container>
  );
}
