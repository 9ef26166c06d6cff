import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Card.css';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { Settlement } from '#shared/settlement.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { ChallengeSelect } from '#client/features/challenges/components/ChallengeSelect.tsx';
import { useChosenChallenge } from '#client/features/challenges/components/ChosenChallenge.tsx';
import {
  settlementCsvUrl,
  useSettlement,
  votesCsvUrl,
} from '#client/features/settlement/api/get-settlement.ts';
import { usePayouts } from '#client/features/settlement/api/payouts.ts';
import { PayoutDialog } from '#client/features/settlement/components/PayoutDialog.tsx';
import { PayoutsTable } from '#client/features/settlement/components/PayoutsTable.tsx';
import { SettlementTable } from '#client/features/settlement/components/SettlementTable.tsx';
import { errorText } from '#client/lib/api.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/**
 * /admin/settlement: what each shop earned, was paid and is owed now, with 'Pay' to record a
 * payout, the payouts made (each can be voided with a reason), and the CSV exports. Behind
 * RequireAdmin.
 */
export default function AdminSettlementRoute() {
  const intl = useMessages();
  usePageMeta({
    title: intl.formatMessage({
      id: 'adminSettlement.pageTitle',
      defaultMessage: 'Settlement - Admin Dashboard',
    }),
  });
  const { list, selected, choose, notReady } = useChosenChallenge();
  const settlement = useSettlement(selected?.id ?? null);
  const payouts = usePayouts(selected?.id ?? null);
  const [paying, setPaying] = useState<Settlement['shops'][number] | null>(null);
  const payoutsHeadingId = useId();

  if (notReady) return notReady;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {intl.formatMessage({ id: 'adminSettlement.title', defaultMessage: 'Settlement' })}
      </Title>
      <ChallengeSelect challenges={list} selected={selected} onSelect={choose} />
      {!selected ? (
        <Text c="dimmed">
          {intl.formatMessage({
            id: 'adminSettlement.noChallenge',
            defaultMessage: 'Create a challenge first.',
          })}
        </Text>
      ) : (
        <>
          <Group gap="sm">
            <Button
              component="a"
              href={settlementCsvUrl(selected.id)}
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {intl.formatMessage({
                id: 'adminSettlement.downloadSettlement',
                defaultMessage: 'Download settlement CSV',
              })}
            </Button>
            <Button
              component="a"
              href={votesCsvUrl(selected.id)}
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {intl.formatMessage({
                id: 'adminSettlement.downloadVotes',
                defaultMessage: 'Download votes CSV',
              })}
            </Button>
          </Group>
          <Card withBorder radius="md" padding={0}>
            {settlement.isPending ? (
              <PageLoader
                label={intl.formatMessage({
                  id: 'adminSettlement.loading',
                  defaultMessage: 'Loading the settlement',
                })}
              />
            ) : settlement.isError ? (
              <Alert
                color="red"
                title={intl.formatMessage({
                  id: 'adminSettlement.loadFailed',
                  defaultMessage: 'Could not load the settlement',
                })}
                m="md"
              >
                {errorText(
                  settlement.error,
                  intl.formatMessage({
                    id: 'adminSettlement.fetchFailed',
                    defaultMessage: 'Failed to fetch the settlement.',
                  }),
                )}
              </Alert>
            ) : (
              <SettlementTable settlement={settlement.data} onPay={setPaying} />
            )}
          </Card>
          <PayoutDialog challengeId={selected.id} shop={paying} onClose={() => setPaying(null)} />
          <Stack gap="xs" component="section" aria-labelledby={payoutsHeadingId}>
            <Title order={2} fz="lg" id={payoutsHeadingId}>
              {intl.formatMessage({ id: 'adminSettlement.payouts', defaultMessage: 'Payouts' })}
            </Title>
            {payouts.isError ? (
              <Alert
                color="red"
                title={intl.formatMessage({
                  id: 'adminSettlement.payoutsLoadFailed',
                  defaultMessage: 'Could not load the payouts',
                })}
              >
                {errorText(
                  payouts.error,
                  intl.formatMessage({
                    id: 'adminSettlement.payoutsFetchFailed',
                    defaultMessage: 'Failed to fetch the payouts.',
                  }),
                )}
              </Alert>
            ) : payouts.data && settlement.data ? (
              <PayoutsTable
                challengeId={selected.id}
                payouts={payouts.data}
                settlement={settlement.data}
                timeZone={selected.timeZone}
              />
            ) : (
              <PageLoader
                label={intl.formatMessage({
                  id: 'adminSettlement.payoutsLoading',
                  defaultMessage: 'Loading the payouts',
                })}
              />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
