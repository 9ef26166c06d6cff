import { useSearchParams } from 'react-router';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { SandboxMailbox } from '#client/features/mail/components/SandboxMailbox.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';

/** /sandbox/mailbox?to=: the sandbox mailbox for organizers (router.tsx), a 404 page unless test tools are on. */
export default function SandboxMailboxRoute() {
  usePageMeta({ title: 'Sandbox Mailbox' });
  const config = useSiteConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!config) return <PageLoader />;
  if (!config.testToolsEnabled) return <NotFound />;
  return (
    <SandboxMailbox
      address={searchParams.get('to')}
      onAddress={(email) => setSearchParams({ to: email }, { replace: true })}
    />
  );
}
