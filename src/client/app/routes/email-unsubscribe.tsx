import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Paper.css';
import { Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  MAIL_TOKEN_PATTERN,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  resubscribeApiPath,
  UNSUBSCRIBE_OUTCOMES,
  unsubscribeApiPath,
  type UnsubscribeOutcome,
} from '#shared/unsubscribe.ts';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * /email/unsubscribe?token=: the page of an unsubscribe link (docs/RULES.md rule 20). Its buttons
 * are plain forms posting to the API, which answers with this page again and what was done
 * (`done`): they work before the app has loaded, or without script.
 */
export default function EmailUnsubscribeRoute() {
  usePageMeta(pages.emailUnsubscribe);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const done = outcomeOf(searchParams.get('done'));
  const intl = useMessages();
  const profile = (chunks: ReactNode[]) => <ProfileLink>{chunks}</ProfileLink>;

  let view: ReactNode;
  if (done === 'unknown' || !MAIL_TOKEN_PATTERN.test(token)) {
    view = (
      <Section
        title={intl.formatMessage({
          id: 'unsubscribe.unknownTitle',
          defaultMessage: 'Link not recognised',
        })}
      >
        <Text>
          {intl.formatMessage(
            {
              id: 'unsubscribe.unknownText',
              defaultMessage:
                'This unsubscribe link is not valid. Signed-in members can switch organizer emails off on their <profile>profile</profile>.',
            },
            { profile },
          )}
        </Text>
      </Section>
    );
  } else if (done === 'unsubscribed') {
    view = (
      <Section
        title={intl.formatMessage({
          id: 'unsubscribe.doneTitle',
          defaultMessage: 'You are unsubscribed',
        })}
      >
        <Text>
          {intl.formatMessage(
            {
              id: 'unsubscribe.doneText',
              defaultMessage:
                'You will get no more emails from the organizers. Receipts, password resets and other account emails keep coming. Changed your mind? Resubscribe here, or on your <profile>profile</profile> at any time.',
            },
            { profile },
          )}
        </Text>
        <TokenForm
          action={resubscribeApiPath}
          token={token}
          label={intl.formatMessage({
            id: 'unsubscribe.resubscribe',
            defaultMessage: 'Resubscribe',
          })}
        />
      </Section>
    );
  } else {
    view = (
      <Section
        title={
          done === 'resubscribed'
            ? intl.formatMessage({
                id: 'unsubscribe.resubscribedTitle',
                defaultMessage: 'You are subscribed again',
              })
            : intl.formatMessage({
                id: 'unsubscribe.askTitle',
                defaultMessage: "Unsubscribe from the organizer's emails?",
              })
        }
      >
        <Text>
          {done === 'resubscribed'
            ? intl.formatMessage({
                id: 'unsubscribe.resubscribedText',
                defaultMessage: "The organizer's messages and reminders will reach you again.",
              })
            : intl.formatMessage({
                id: 'unsubscribe.askText',
                defaultMessage:
                  'You will get no more messages or reminders from the organizers. Receipts, password resets and other account emails keep coming.',
              })}
        </Text>
        <TokenForm
          action={unsubscribeApiPath}
          token={token}
          label={intl.formatMessage({
            id: 'unsubscribe.unsubscribe',
            defaultMessage: 'Unsubscribe',
          })}
          oneClick
        />
      </Section>
    );
  }

  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        {view}
      </Paper>
    </Container>
  );
}

const outcomeOf = (value: string | null): UnsubscribeOutcome | null =>
  UNSUBSCRIBE_OUTCOMES.find((outcome) => outcome === value) ?? null;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ProfileLink({ children }: { children: ReactNode }) {
  return (
    <Anchor component={Link} to={paths.profile}>
      {children}
    </Anchor>
  );
}

/** A form the API answers with this page; `oneClick` carries RFC 8058's body, as a mail app does. */
function TokenForm({
  action,
  token,
  label,
  oneClick = false,
}: {
  /** The API address of a token (#shared/unsubscribe.ts), which answers with this page. */
  action: (token: string) => string;
  token: string;
  label: string;
  oneClick?: boolean;
}) {
  return (
    <form method="post" action={action(token)}>
      {oneClick && <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />}
      <Button type="submit" variant={oneClick ? 'filled' : 'light'}>
        {label}
      </Button>
    </form>
  );
}
