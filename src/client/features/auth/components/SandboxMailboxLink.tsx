import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { useUser } from '../api/get-user.ts';

/**
 * Beside a 'check your email' confirmation: while the site's email lands in the sandbox mailbox
 * (no SMTP_URL, test tools on), an organizer can open it there. Nobody else may read that mailbox
 * (docs/RULES.md rule 5), so nobody else sees the link.
 */
export function SandboxMailboxLink({ email }: { email: string }) {
  const intl = useMessages();
  const config = useSiteConfig();
  const { user } = useUser();
  if (!config?.sandboxMailbox || !user?.isAdmin) return null;
  return (
    <Anchor component={Link} to={paths.sandboxMailboxOf(email)} size="sm" display="block" mt="xs">
      {intl.formatMessage({
        id: 'sandboxMailboxLink.open',
        defaultMessage: 'Open it in the sandbox mailbox',
      })}
    </Anchor>
  );
}
