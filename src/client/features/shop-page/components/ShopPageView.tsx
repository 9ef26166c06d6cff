import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type CurrentCode, type ShopPage } from '#shared/shop-side.ts';
import { FIRST_VISITS, TYPED_OFFLINE } from '#shared/settlement.ts';
import { codeChangesAt, shopTime } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { errorText } from '#client/lib/api.ts';
import { usePauseShop } from '../api/pause-shop.ts';

/** The heading above the code, so staff know how long it holds. */
export function codeHeading(rotation: CurrentCode['rotation']): string {
  if (rotation === 'daily') return "Today's code";
  if (rotation === 'hourly') return "This hour's code";
  return 'Redemption code';
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
  return (
    <Paper withBorder p="md" radius="md" bg={paused ? 'orange.0' : undefined}>
      <Switch
        size="md"
        label="Pause redemptions"
        description={
          <Text span role="status" size="sm" c={paused ? 'orange.9' : undefined}>
            {paused ? (
              <>
                <strong>Temporarily not accepting coupons</strong>: members cannot redeem here until
                you resume.
              </>
            ) : (
              'Accepting coupons. While paused, members see that you are not.'
            )}
          </Text>
        }
        checked={paused}
        disabled={pause.isPending}
        onChange={(event) => pause.mutate(event.currentTarget.checked)}
      />
      {pause.isError && (
        <Text role="alert" size="sm" c="red.8" mt="xs">
          {errorText(pause.error, 'Could not change the pause switch. Try again.')}
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
          {codeHeading(currentCode.rotation)}
        </Title>
        <Text ff="monospace" fw={800} fz={64} lh={1.2} style={{ letterSpacing: '0.15em' }}>
          {currentCode.code}
        </Text>
        {currentCode.validUntil && (
          <Text size="sm" c="dimmed">
            {codeChangesAt(currentCode, challenge.timeZone)}
          </Text>
        )}
        <Button
          component={Link}
          to={paths.shopCard(token)}
          variant="default"
          mt="md"
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          Print cashier card
        </Button>
      </Paper>

      <PauseSwitch token={token} paused={page.paused} />

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Figure label="Redeemed today" value={page.redeemedToday} />
        <Figure label="Redeemed this challenge" value={page.redeemedTotal} />
        <Figure
          label={FIRST_VISITS.label}
          value={page.firstVisits}
          note={FIRST_VISITS.explanation}
        />
        <Figure label="Paid to date" value={formatMoney(page.paidDollars)} />
        <Figure label="Owed now" value={formatMoney(page.owedDollars)} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {formatMoney(page.couponValueDollars)} for each redeemed coupon:{' '}
        {formatMoney(page.earnedDollars)} earned in all
        {page.dailyCap !== null && `; at most ${page.dailyCap} coupons a day`}.
        {page.offlineRedeemed > 0 &&
          ` ${TYPED_OFFLINE.label}: ${page.offlineRedeemed}, ${TYPED_OFFLINE.explanation.toLowerCase()}`}
      </Text>

      <section aria-labelledby={payoutsId}>
        <Title order={2} id={payoutsId} fz="lg" mb="xs">
          Payouts
        </Title>
        {page.payouts.length === 0 ? (
          <Text c="dimmed">No payouts yet.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.payouts.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>{shopTime(payout.paidAt, challenge.timeZone, true)}</Table.Td>
                  <Table.Td
                    ta="right"
                    style={payout.voided ? { textDecoration: 'line-through' } : undefined}
                  >
                    {formatMoney(payout.amountDollars)}
                  </Table.Td>
                  <Table.Td>
                    {/* A voided payout stays listed with its reason (docs/decisions/0033). */}
                    {payout.voided ? `Voided: ${payout.voided.reason}` : payout.note}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section aria-labelledby={recentId}>
        <Title order={2} id={recentId} fz="lg" mb="xs">
          Last redemptions
        </Title>
        {page.recentRedemptions.length === 0 ? (
          <Text c="dimmed">No coupons redeemed here yet.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Visit</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.recentRedemptions.map((redemption) => (
                <Table.Tr key={redemption.visitNumber}>
                  <Table.Td>{shopTime(redemption.redeemedAt, challenge.timeZone, true)}</Table.Td>
                  <Table.Td>
                    Visit #{redemption.visitNumber}
                    {redemption.offline && (
                      <Badge color="orange.9" variant="outline" ml="xs">
                        {TYPED_OFFLINE.label}
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
