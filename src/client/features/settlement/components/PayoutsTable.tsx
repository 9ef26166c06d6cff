import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { shopTime } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';
import type { Payout, Settlement } from '#shared/settlement.ts';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';
import { VoidPayoutDialog } from './VoidPayoutDialog.tsx';

/**
 * The payouts recorded for a challenge's shops, newest first. A payout recorded in error is
 * voided with a reason and stays listed, struck through (docs/decisions/0033).
 */
export function PayoutsTable({
  challengeId,
  payouts,
  settlement,
  timeZone,
}: {
  challengeId: number;
  payouts: Payout[];
  settlement: Settlement;
  timeZone: string;
}) {
  const [voiding, setVoiding] = useState<{ payout: Payout; shopName: string } | null>(null);
  if (payouts.length === 0) return <Text c="dimmed">No payouts recorded yet.</Text>;
  const names = new Map(settlement.shops.map((shop) => [shop.shopId, shop.name]));
  return (
    <>
      <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
        <Table striped verticalSpacing="xs" aria-label="Payouts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Paid</Table.Th>
              <Table.Th scope="col">Shop</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Note
              </Table.Th>
              <Table.Th scope="col">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payouts.map((payout) => {
              const shopName = names.get(payout.shopId) ?? `Shop #${payout.shopId}`;
              return (
                <Table.Tr key={payout.id}>
                  <Table.Td>{shopTime(payout.paidAt, timeZone, true)}</Table.Td>
                  <Table.Td>
                    {shopName}
                    {payout.voided && (
                      <Text size="xs" c="dimmed">
                        Voided {shopTime(payout.voided.at, timeZone, true)}: {payout.voided.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    style={payout.voided ? { textDecoration: 'line-through' } : undefined}
                  >
                    {formatMoney(payout.amountDollars)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{payout.note}</Table.Td>
                  <Table.Td>
                    {payout.voided ? (
                      <Badge color="gray">Voided</Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Void ${formatMoney(payout.amountDollars)} to ${shopName}`}
                        onClick={() => setVoiding({ payout, shopName })}
                      >
                        Void
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <VoidPayoutDialog
        challengeId={challengeId}
        payout={voiding}
        onClose={() => setVoiding(null)}
      />
    </>
  );
}
