import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { defineMessage, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { type CurrentCode, type ShopPage } from '#shared/shop-side.ts';
import { shopTime } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { sourceIntl, useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { codeChangesAt, shopCountWords } from '#client/lib/shop-words.ts';
import { usePauseShop } from '../api/pause-shop.ts';

/** Said when the shop's page cannot be read (its page and its card's). */
export const shopPageLoadFailed = defineMessage({
  id: 'shopPage.loadFailed',
  defaultMessage: 'Could not load the shop page. Try again in a moment.',
});

/** The heading above the code, so staff know how long it holds. */
export function codeHeading(
  rotation: CurrentCode['rotation'],
  intl: IntlShape = sourceIntl(),
): string {
  return intl.formatMessage(
    {
      id: 'shopPage.codeHeading',
      defaultMessage:
        "{rotation, select, daily {Today's code} hourly {This hour's code} other {Redemption code}}",
    },
    { rotation },
  );
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  const labelId = useId();
  const noteId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={labelId}
      aria-describedby={note ? noteId : undefined}
      withBorder
      p="md"
      radius="md"
    >
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      {note && (
        <Text id={noteId} size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The pause switch with its label beside it and its status right under the label, in a box
 * whose content only grows below the switch: nothing above it appears or goes when pausing, so
 * the switch stays under the finger, and no toast is needed to say what happened.
 */
function PauseSwitch({ token, paused }: { token: string; paused: boolean }) {
  const pause = usePauseShop(token);
  const intl = useMessages();
  return (
    <Paper withBorder p="md" radius="md" bg={paused ? 'orange.0' : undefined}>
      <Switch
        size="md"
        label={intl.formatMessage({
          id: 'shopPage.pauseRedemptions',
          defaultMessage: 'Pause redemptions',
        })}
        description={
          <Text span role="status" size="sm" c={paused ? 'orange.9' : undefined}>
            {paused
              ? intl.formatMessage(
                  {
                    id: 'shopPage.paused',
                    defaultMessage:
                      '<strong>Temporarily not accepting coupons</strong>: members cannot redeem here until you resume.',
                  },
                  { strong: (words) => <strong>{words}</strong> },
                )
              : intl.formatMessage({
                  id: 'shopPage.accepting',
                  defaultMessage: 'Accepting coupons. While paused, members see that you are not.',
                })}
          </Text>
        }
        checked={paused}
        disabled={pause.isPending}
        onChange={(event) => pause.mutate(event.currentTarget.checked)}
      />
      {pause.isError && (
        <Text role="alert" size="sm" c="red.8" mt="xs">
          {errorText(
            pause.error,
            intl.formatMessage({
              id: 'shopPage.pauseFailed',
              defaultMessage: 'Could not change the pause switch. Try again.',
            }),
          )}
        </Text>
      )}
    </Paper>
  );
}

/**
 * A shop's private page: its code and printable card, what it has taken, been paid and is owed,
 * its payouts and last redemptions.
 */
export function ShopPageView({ token, page }: { token: string; page: ShopPage }) {
  const codeId = useId();
  const recentId = useId();
  const payoutsId = useId();
  const { currentCode, challenge } = page;
  const intl = useMessages();
  const money = (dollars: number) => formatMoney(dollars, { locale: intl.locale });
  const time = (iso: string) => shopTime(iso, challenge.timeZone, true, intl.locale);
  const typedOffline = intl.formatMessage(shopCountWords.typedOffline);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {page.shop.name}
        </Title>
        <Text c="dimmed">
          {challenge.title} · {page.shop.address}
        </Text>
      </Stack>

      <Paper component="section" aria-labelledby={codeId} withBorder p="lg" radius="md" ta="center">
        <Title order={2} id={codeId} fz="lg">
          {codeHeading(currentCode.rotation, intl)}
        </Title>
        <Text ff="monospace" fw={800} fz={64} lh={1.2} style={{ letterSpacing: '0.15em' }}>
          {currentCode.code}
        </Text>
        {currentCode.validUntil && (
          <Text size="sm" c="dimmed">
            {codeChangesAt(currentCode, challenge.timeZone, intl)}
          </Text>
        )}
        <Button
          component={Link}
          to={paths.shopCard(token)}
          variant="default"
          mt="md"
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          {intl.formatMessage({ id: 'shopPage.printCard', defaultMessage: 'Print cashier card' })}
        </Button>
      </Paper>

      <PauseSwitch token={token} paused={page.paused} />

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Figure
          label={intl.formatMessage({
            id: 'shopPage.redeemedToday',
            defaultMessage: 'Redeemed today',
          })}
          value={page.redeemedToday}
        />
        <Figure
          label={intl.formatMessage({
            id: 'shopPage.redeemedTotal',
            defaultMessage: 'Redeemed this challenge',
          })}
          value={page.redeemedTotal}
        />
        <Figure
          label={intl.formatMessage(shopCountWords.firstVisits)}
          value={page.firstVisits}
          note={intl.formatMessage(shopCountWords.firstVisitsExplained)}
        />
        <Figure
          label={intl.formatMessage({ id: 'shopPage.paidToDate', defaultMessage: 'Paid to date' })}
          value={money(page.paidDollars)}
        />
        <Figure
          label={intl.formatMessage({ id: 'shopPage.owedNow', defaultMessage: 'Owed now' })}
          value={money(page.owedDollars)}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {intl.formatMessage(
          {
            id: 'shopPage.earnings',
            defaultMessage:
              '{couponValue} for each redeemed coupon: {earned} earned in all{cap, select, none {} other {; at most {cap} coupons a day}}.',
          },
          {
            couponValue: money(page.couponValueDollars),
            earned: money(page.earnedDollars),
            cap: page.dailyCap === null ? 'none' : String(page.dailyCap),
          },
        )}
        {page.offlineRedeemed > 0 &&
          ` ${typedOffline}: ${page.offlineRedeemed}, ${intl.formatMessage(shopCountWords.typedOfflineExplained).toLowerCase()}`}
      </Text>

      <section aria-labelledby={payoutsId}>
        <Title order={2} id={payoutsId} fz="lg" mb="xs">
          {intl.formatMessage({ id: 'shopPage.payouts', defaultMessage: 'Payouts' })}
        </Title>
        {page.payouts.length === 0 ? (
          <Text c="dimmed">
            {intl.formatMessage({ id: 'shopPage.noPayouts', defaultMessage: 'No payouts yet.' })}
          </Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {intl.formatMessage({ id: 'shopPage.date', defaultMessage: 'Date' })}
                </Table.Th>
                <Table.Th ta="right">
                  {intl.formatMessage({ id: 'shopPage.amount', defaultMessage: 'Amount' })}
                </Table.Th>
                <Table.Th>
                  {intl.formatMessage({ id: 'shopPage.note', defaultMessage: 'Note' })}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.payouts.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>{time(payout.paidAt)}</Table.Td>
                  <Table.Td
                    ta="right"
                    style={payout.voided ? { textDecoration: 'line-through' } : undefined}
                  >
                    {money(payout.amountDollars)}
                  </Table.Td>
                  <Table.Td>
                    {/* A voided payout stays listed with its reason (docs/decisions/0033). */}
                    {payout.voided
                      ? intl.formatMessage(
                          { id: 'shopPage.voided', defaultMessage: 'Voided: {reason}' },
                          { reason: payout.voided.reason },
                        )
                      : payout.note}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section aria-labelledby={recentId}>
        <Title order={2} id={recentId} fz="lg" mb="xs">
          {intl.formatMessage({
            id: 'shopPage.lastRedemptions',
            defaultMessage: 'Last redemptions',
          })}
        </Title>
        {page.recentRedemptions.length === 0 ? (
          <Text c="dimmed">
            {intl.formatMessage({
              id: 'shopPage.noRedemptions',
              defaultMessage: 'No coupons redeemed here yet.',
            })}
          </Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {intl.formatMessage({ id: 'shopPage.time', defaultMessage: 'Time' })}
                </Table.Th>
                <Table.Th>
                  {intl.formatMessage({ id: 'shopPage.visit', defaultMessage: 'Visit' })}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.recentRedemptions.map((redemption) => (
                <Table.Tr key={redemption.visitNumber}>
                  <Table.Td>{time(redemption.redeemedAt)}</Table.Td>
                  <Table.Td>
                    {intl.formatMessage(
                      { id: 'shopPage.visitNumber', defaultMessage: 'Visit #{number}' },
                      { number: String(redemption.visitNumber) },
                    )}
                    {redemption.offline && (
                      <Badge color="orange.9" variant="outline" ml="xs">
                        {typedOffline}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
    </Stack>
  );
}
