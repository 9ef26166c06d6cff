import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SiteConfig } from '#shared/config.ts';
import { pages } from '#shared/pages.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** The host a tile URL template loads from ('{s}.tile.example' reads as 'tile.example'). */
function tileHost(template: string): string {
  try {
    return new URL(template.replace(/[{}]/g, '')).hostname.replace(/^s\./, '');
  } catch {
    return template;
  }
}

function Contact({ contact }: { contact: string | null }) {
  const intl = useMessages();
  if (!contact) {
    return (
      <>
        {intl.formatMessage({
          id: 'privacy.byReplying',
          defaultMessage: 'by replying to any email from this site',
        })}
      </>
    );
  }
  const address = /<([^>]+)>/.exec(contact)?.[1] ?? contact;
  if (/^[^\s@]+@[^\s@]+$/.test(address))
    return <Anchor href={`mailto:${address}`}>{address}</Anchor>;
  if (/^https?:\/\//.test(contact)) return <Anchor href={contact}>{contact}</Anchor>;
  return <>{contact}</>;
}

/** What the site collects, and how long it keeps each. */
const collected = defineMessages({
  collectAccount: {
    id: 'privacy.collectAccount',
    defaultMessage:
      'Your account: username, email address, full name and password (kept only as a one-way hash), to sign you in and to send receipts, reset links and notices.',
  },
  collectPass: {
    id: 'privacy.collectPass',
    defaultMessage:
      'Your battle pass: its coupons, where and when you redeemed them, your answer to whether it was your first visit, and your votes, to run the battle, count the votes and pay each shop what it is owed.',
  },
  collectPayments: {
    id: 'privacy.collectPayments',
    defaultMessage:
      "Your payments: amount, status, dates and the payment provider's reference, for accounting and refunds. Card details go to the payment provider, never to us.",
  },
  collectEmail: {
    id: 'privacy.collectEmail',
    defaultMessage:
      'Email: which emails we sent you and when, whether you want emails from the organizer, and sale alerts you asked for.',
  },
  collectSession: {
    id: 'privacy.collectSession',
    defaultMessage:
      'A session cookie that keeps you signed in, and your network address, counted for a few minutes to slow down password guessing.',
  },
});

const kept = defineMessages({
  keepAccount: {
    id: 'privacy.keepAccount',
    defaultMessage: 'Your account: until you delete it.',
  },
  keepSessions: {
    id: 'privacy.keepSessions',
    defaultMessage: 'Sessions: until you sign out or they expire.',
  },
  keepLinks: {
    id: 'privacy.keepLinks',
    defaultMessage: 'Password reset and confirmation links: until used or expired.',
  },
  keepAttempts: {
    id: 'privacy.keepAttempts',
    defaultMessage: 'Counts of sign-in attempts: until their window ends.',
  },
  keepPasses: {
    id: 'privacy.keepPasses',
    defaultMessage:
      "Passes, coupons, votes and payments: kept without your name after you delete your account, because the results, the votes file and the shops' settlement rest on them.",
  },
});

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
  const intl = useMessages();
  const item = (message: MessageDescriptor) => <List.Item>{intl.formatMessage(message)}</List.Item>;
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>
          {intl.formatMessage({ id: 'privacy.title', defaultMessage: 'Privacy' })}
        </Title>
        <Text>
          {intl.formatMessage(
            {
              id: 'privacy.operator',
              defaultMessage:
                '{siteName} is run by <b>{operatorName}</b>. Reach them {contact} about anything on this page.',
            },
            {
              siteName: config.siteName,
              operatorName: privacy.operatorName,
              b: (chunks) => <strong>{chunks}</strong>,
              contact: <Contact contact={privacy.operatorContact} />,
            },
          )}
        </Text>

        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'privacy.collect', defaultMessage: 'What we collect and why' })}
        </Title>
        <List spacing="xs">
          {item(collected.collectAccount)}
          {item(collected.collectPass)}
          {item(collected.collectPayments)}
          {item(collected.collectEmail)}
          {item(collected.collectSession)}
        </List>
        <Text>
          {intl.formatMessage({
            id: 'privacy.pseudonyms',
            defaultMessage:
              'The published votes file and prize draws name passes only by a pseudonym, never by name.',
          })}
        </Text>

        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'privacy.keep', defaultMessage: 'How long we keep it' })}
        </Title>
        <List spacing="xs">
          {item(kept.keepAccount)}
          {item(kept.keepSessions)}
          {item(kept.keepLinks)}
          <List.Item>
            {intl.formatMessage(
              {
                id: 'privacy.keepEmails',
                defaultMessage:
                  'Emails: the text is erased once sent; the record of address and subject after {days, plural, one {# day} other {# days}}.',
              },
              { days: privacy.mailRetentionDays },
            )}
          </List.Item>
          {item(kept.keepAttempts)}
          {item(kept.keepPasses)}
        </List>

        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'privacy.processors', defaultMessage: 'Who processes it' })}
        </Title>
        <List spacing="xs">
          <List.Item>
            {config.paymentMode === 'stripe'
              ? intl.formatMessage({
                  id: 'privacy.paymentsStripe',
                  defaultMessage:
                    'Payments: Stripe takes your payment and holds your card details.',
                })
              : intl.formatMessage({
                  id: 'privacy.paymentsSandbox',
                  defaultMessage:
                    'Payments: this site runs with its test payment page; no real payment is taken.',
                })}
          </List.Item>
          <List.Item>
            {privacy.mailRelay
              ? intl.formatMessage(
                  {
                    id: 'privacy.emailRelay',
                    defaultMessage: 'Email: sent through the mail relay at {relay}.',
                  },
                  { relay: privacy.mailRelay },
                )
              : intl.formatMessage({
                  id: 'privacy.emailSandbox',
                  defaultMessage: 'Email: kept on this site (test mode); nothing is sent out.',
                })}
          </List.Item>
          <List.Item>
            {intl.formatMessage(
              {
                id: 'privacy.tiles',
                defaultMessage:
                  'Map tiles: the map loads its images from {host}, which sees your network address.',
              },
              { host: tileHost(config.map.tileUrl) },
            )}
          </List.Item>
        </List>

        <Title order={2} size="h3">
          {intl.formatMessage({
            id: 'privacy.yourData',
            defaultMessage: 'Download or delete your data',
          })}
        </Title>
        <Text>
          {intl.formatMessage(
            {
              id: 'privacy.yourDataText',
              defaultMessage:
                'On <profile>your profile</profile>, Download My Data gives you everything we hold about you as a file, and Delete My Account erases your name, email address, password, sessions, links, sale alerts and waiting emails. A confirmation goes to your old address.',
            },
            {
              profile: (chunks) => (
                <Anchor component={Link} to={pages.profile.path}>
                  {chunks}
                </Anchor>
              ),
            },
          )}
        </Text>
      </Stack>
    </Container>
  );
}
