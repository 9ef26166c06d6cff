import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ClaimDto } from '#shared/claims.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { defineMessage, defineMessages } from 'react-intl';
import { useClaimLink, useClaims, useRefundClaim, useTransferPass } from '../api/claims.ts';

// The sending form and its schema (zod) load when the member opens it, not with the pass (ADR 0051).
const SendClaimForm = lazy(() => import('./SendClaimForm.tsx'));

const loadingForm = defineMessage({ id: 'claims.loadingForm', defaultMessage: 'Loading the form' });

const statusWords = defineMessages({
  open: { id: 'claims.statusOpen', defaultMessage: 'Not taken yet' },
  claimed: { id: 'claims.statusClaimed', defaultMessage: 'Taken' },
  refunded: { id: 'claims.statusRefunded', defaultMessage: 'Refunded' },
} satisfies Record<ClaimDto['status'], unknown>);

/**
 * /profile's 'Passes to Give' (docs/RULES.md rule 24): the passes the member bought or gave away
 * for other people, each with its link to copy or email; and, while the member's own pass is
 * unused, the way to give it away. Shown only when there is something to show.
 */
export function ClaimsCard({ canGiveOwnPass }: { canGiveOwnPass: boolean }) {
  const intl = useMessages();
  const claims = useClaims(true);
  const transfer = useTransferPass();
  const [confirming, setConfirming] = useState(false);
  const list = claims.data ?? [];
  if (list.length === 0 && !canGiveOwnPass) return null;
  const open = list.filter((claim) => claim.status === 'open').length;

  return (
    <Container size="lg" pb="xl">
      <Card withBorder padding="lg" component="section" aria-labelledby="claims-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="claims-heading">
            {intl.formatMessage({ id: 'claims.title', defaultMessage: 'Passes to Give' })}
          </Title>
          {list.length > 0 && (
            <Text>
              {open > 0
                ? intl.formatMessage(
                    {
                      id: 'claims.waiting',
                      defaultMessage:
                        '{count, plural, one {# pass} other {# passes}} waiting for someone. Each link gives one pass to one person, once.',
                    },
                    { count: open },
                  )
                : intl.formatMessage({
                    id: 'claims.allTaken',
                    defaultMessage: 'Every pass you gave has been taken.',
                  })}
            </Text>
          )}
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((claim, index) => (
              <ClaimRow key={claim.id} claim={claim} number={list.length - index} />
            ))}
          </Stack>
          {canGiveOwnPass &&
            (confirming ? (
              <Alert
                color="yellow"
                title={intl.formatMessage({
                  id: 'claims.giveTitle',
                  defaultMessage: 'Give your pass away?',
                })}
                role="note"
              >
                <Stack gap="sm">
                  <Text>
                    {intl.formatMessage({
                      id: 'claims.giveText',
                      defaultMessage:
                        'Your pass becomes a link for someone else, with all its coupons. You lose it at once, and it can be given only while no coupon is redeemed and no vote cast.',
                    })}
                  </Text>
                  <Group>
                    <Button
                      color="red.9"
                      loading={transfer.isPending}
                      onClick={() => {
                        transfer.mutate(undefined, { onSettled: () => setConfirming(false) });
                      }}
                    >
                      {intl.formatMessage({
                        id: 'claims.giveConfirm',
                        defaultMessage: 'Give My Pass Away',
                      })}
                    </Button>
                    <Button variant="default" onClick={() => setConfirming(false)}>
                      {intl.formatMessage({
                        id: 'claims.keepPass',
                        defaultMessage: 'Keep My Pass',
                      })}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Text>
                {intl.formatMessage({ id: 'claims.cantMakeIt', defaultMessage: "Can't make it?" })}{' '}
                <Button variant="subtle" px={4} onClick={() => setConfirming(true)}>
                  {intl.formatMessage({
                    id: 'claims.giveOpen',
                    defaultMessage: 'Give your unused pass to someone else',
                  })}
                </Button>
              </Text>
            ))}
        </Stack>
      </Card>
    </Container>
  );
}

function ClaimRow({ claim, number }: { claim: ClaimDto; number: number }) {
  const intl = useMessages();
  const link = useClaimLink();
  const refund = useRefundClaim();
  const [sending, setSending] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const label = intl.formatMessage(
    { id: 'claims.passNumber', defaultMessage: 'Pass {number}' },
    { number },
  );
  return (
    <li aria-label={label}>
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{label}</Text>
            <Badge color={claim.status === 'open' ? 'coffee' : 'gray'} c="dark.9" variant="light">
              {intl.formatMessage(statusWords[claim.status])}
            </Badge>
          </Group>
          {claim.claimedBy && (
            <Text fz="sm">
              {intl.formatMessage(
                { id: 'claims.takenBy', defaultMessage: 'Taken by {username}' },
                { username: claim.claimedBy.username },
              )}
            </Text>
          )}
          {claim.sentTo && claim.status === 'open' && (
            <Text fz="sm">
              {intl.formatMessage(
                { id: 'claims.sentTo', defaultMessage: 'Sent to {email}' },
                { email: claim.sentTo },
              )}
            </Text>
          )}
          {claim.status === 'open' && (
            <>
              {url && (
                <TextInput
                  label={intl.formatMessage({
                    id: 'claims.linkLabel',
                    defaultMessage: 'Link to this pass',
                  })}
                  description={intl.formatMessage({
                    id: 'claims.linkCopied',
                    defaultMessage: 'Copied. A new link stops the one before from working.',
                  })}
                  value={url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                />
              )}
              <Group gap="xs">
                <Button
                  variant="light"
                  loading={link.isPending}
                  onClick={() => {
                    link.mutate(claim.id, {
                      onSuccess: ({ url: fresh }) => {
                        setUrl(fresh);
                        void navigator.clipboard?.writeText(fresh).catch(() => {});
                      },
                    });
                  }}
                >
                  {intl.formatMessage({ id: 'claims.copyLink', defaultMessage: 'Copy Link' })}
                </Button>
                <Button variant="light" onClick={() => setSending((now) => !now)}>
                  {intl.formatMessage({
                    id: 'claims.sendByEmail',
                    defaultMessage: 'Send by Email',
                  })}
                </Button>
                {claim.refundable && !refunding && (
                  <Button variant="default" onClick={() => setRefunding(true)}>
                    {intl.formatMessage({ id: 'claims.refund', defaultMessage: 'Refund' })}
                  </Button>
                )}
              </Group>
              {refunding && (
                <Alert
                  color="yellow"
                  title={intl.formatMessage(
                    { id: 'claims.refundTitle', defaultMessage: 'Refund {pass}?' },
                    { pass: label },
                  )}
                  role="note"
                >
                  <Stack gap="sm">
                    <Text>
                      {intl.formatMessage({
                        id: 'claims.refundText',
                        defaultMessage:
                          'Its price goes back to the card you paid with, and its link stops working. Your other passes stay as they are.',
                      })}
                    </Text>
                    <Group>
                      <Button
                        color="red.9"
                        loading={refund.isPending}
                        onClick={() => {
                          refund.mutate(claim.id, { onSettled: () => setRefunding(false) });
                        }}
                      >
                        {intl.formatMessage({
                          id: 'claims.refundConfirm',
                          defaultMessage: 'Refund This Pass',
                        })}
                      </Button>
                      <Button variant="default" onClick={() => setRefunding(false)}>
                        {intl.formatMessage({ id: 'claims.keepIt', defaultMessage: 'Keep It' })}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              )}
              {sending && (
                <Suspense
                  fallback={<Loader size="sm" aria-label={intl.formatMessage(loadingForm)} />}
                >
                  <SendClaimForm
                    claimId={claim.id}
                    onSent={() => {
                      setSending(false);
                      setUrl(null);
                    }}
                  />
                </Suspense>
              )}
            </>
          )}
        </Stack>
      </Card>
    </li>
  );
}
