import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { SiteConfig } from '#shared/config.ts';
import { pages } from '#shared/pages.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';

/** The host a tile URL template loads from ('{s}.tile.example' reads as 'tile.example'). */
function tileHost(template: string): string {
  try {
    return new URL(template.replace(/[{}]/g, '')).hostname.replace(/^s\./, '');
  } catch {
    return template;
  }
}

function Contact({ contact }: { contact: string | null }) {
  if (!contact) return <>by replying to any email from this site</>;
  const address = /<([^>]+)>/.exec(contact)?.[1] ?? contact;
  if (/^[^\s@]+@[^\s@]+$/.test(address))
    return <Anchor href={`mailto:${address}`}>{address}</Anchor>;
  if (/^https?:\/\//.test(contact)) return <Anchor href={contact}>{contact}</Anchor>;
  return <>{contact}</>;
}

/**
 * /privacy (docs/decisions/0039): what the site collects and why, how long it keeps it, who
 * processes it, and how a member downloads or deletes it. The facts that differ between sites
 * (operator, payment provider, mail relay, tile server, mail retention) come from GET /api/config.
 */
export default function PrivacyRoute() {
  usePageMeta(pages.privacy);
  const config = useSiteConfig();
  if (!config) return <PageLoader />;
  return <PrivacyNotice config={config} />;
}

function PrivacyNotice({ config }: { config: SiteConfig }) {
  const { privacy } = config;
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Privacy</Title>
        <Text>
          {config.siteName} is run by <strong>{privacy.operatorName}</strong>. Reach them{' '}
          <Contact contact={privacy.operatorContact} /> about anything on this page.
        </Text>

        <Title order={2} size="h3">
          What we collect and why
        </Title>
        <List spacing="xs">
          <List.Item>
            Your account: username, email address, full name and password (kept only as a one-way
            hash), to sign you in and to send receipts, reset links and notices.
          </List.Item>
          <List.Item>
            Your battle pass: its coupons, where and when you redeemed them, your answer to whether
            it was your first visit, and your votes, to run the battle, count the votes and pay each
            shop what it is owed.
          </List.Item>
          <List.Item>
            Your payments: amount, status, dates and the payment provider&apos;s reference, for
            accounting and refunds. Card details go to the payment provider, never to us.
          </List.Item>
          <List.Item>
            Email: which emails we sent you and when, whether you want emails from the organizer,
            and sale alerts you asked for.
          </List.Item>
          <List.Item>
            A session cookie that keeps you signed in, and your network address, counted for a few
            minutes to slow down password guessing.
          </List.Item>
        </List>
        <Text>
          The published votes file and prize draws name passes only by a pseudonym, never by name.
        </Text>

        <Title order={2} size="h3">
          How long we keep it
        </Title>
        <List spacing="xs">
          <List.Item>Your account: until you delete it.</List.Item>
          <List.Item>Sessions: until you sign out or they expire.</List.Item>
          <List.Item>Password reset and confirmation links: until used or expired.</List.Item>
          <List.Item>
            Emails: the text is erased once sent; the record of address and subject after{' '}
            {privacy.mailRetentionDays} days.
          </List.Item>
          <List.Item>Counts of sign-in attempts: until their window ends.</List.Item>
          <List.Item>
            Passes, coupons, votes and payments: kept without your name after you delete your
            account, because the results, the votes file and the shops&apos; settlement rest on
            them.
          </List.Item>
        </List>

        <Title order={2} size="h3">
          Who processes it
        </Title>
        <List spacing="xs">
          <List.Item>
            Payments:{' '}
            {config.paymentMode === 'stripe'
              ? 'Stripe takes your payment and holds your card details.'
              : 'this site runs with its test payment page; no real payment is taken.'}
          </List.Item>
          <List.Item>
            Email:{' '}
            {privacy.mailRelay
              ? `sent through the mail relay at ${privacy.mailRelay}.`
              : 'kept on this site (test mode); nothing is sent out.'}
          </List.Item>
          <List.Item>
            Map tiles: the map loads its images from {tileHost(config.map.tileUrl)}, which sees your
            network address.
          </List.Item>
        </List>

        <Title order={2} size="h3">
          Download or delete your data
        </Title>
        <Text>
          On{' '}
          <Anchor component={Link} to={pages.profile.path}>
            your profile
          </Anchor>
          , Download My Data gives you everything we hold about you as a file, and Delete My Account
          erases your name, email address, password, sessions, links, sale alerts and waiting
          emails. A confirmation goes to your old address.
        </Text>
      </Stack>
    </Container>
  );
}
