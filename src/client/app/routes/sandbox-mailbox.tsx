import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { SandboxMailbox } from '#client/features/mail/components/SandboxMailbox.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';

/**
 * /sandbox/mailbox?to=: the sandbox mailbox for organizers, a 404 page unless test tools are on.
 * Signed out, the guard asks for a sign-in (router.tsx); a member who opens it is told it is the
 * organizers' page instead of being sent away without a word.
 */
export default function SandboxMailboxRoute() {
  usePageMeta(pages.sandboxMailbox);
  const intl = useMessages();
  const config = useSiteConfig();
  const { user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!config) return <PageLoader />;
  if (!config.testToolsEnabled) return <NotFound />;
  if (!user?.isAdmin) {
    return (
      <Container size="sm" py="xl">
        <Alert
          color="yellow"
          variant="light"
          title={intl.formatMessage({
            id: 'sandboxMailbox.organizersOnly',
            defaultMessage: 'For organizers only',
          })}
          icon={<IconLock size={18} aria-hidden />}
          role="alert"
        >
          {intl.formatMessage({
            id: 'sandboxMailbox.organizersOnlyText',
            defaultMessage:
              "The sandbox mailbox holds everyone's email, so only organizers can open it. Your own email arrives in your inbox.",
          })}
          <Button
            component={Link}
            to={paths.home}
            variant="default"
            size="sm"
            mt="md"
            display="block"
            w="fit-content"
          >
            {intl.formatMessage({ id: 'sandboxMailbox.backHome', defaultMessage: 'Back to Home' })}
          </Button>
        </Alert>
      </Container>
    );
  }
  return (
    <SandboxMailbox
      address={searchParams.get('to')}
      onAddress={(email) => setSearchParams({ to: email }, { replace: true })}
    />
  );
}
