import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { shopTime } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';
import type { Payout, Settlement } from '#shared/settlement.ts';
import { useMessages } from '#client/i18n/language.tsx';
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
  const intl = useMessages();
  if (payouts.length === 0) {
    return (
      <Text c="dimmed">
        {intl.formatMessage({
          id: 'payoutsTable.none',
          defaultMessage: 'No payouts recorded yet.',
        })}
      </Text>
    );
  }
  const money = (dollars: number) => formatMoney(dollars, { locale: intl.locale });
  const time = (iso: string) => shopTime(iso, timeZone, true, intl.locale);
  const names = new Map(settlement.shops.map((shop) => [shop.shopId, shop.name]));
  return (
    <>
      <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
        <Table
          striped
          verticalSpacing="xs"
          aria-label={intl.formatMessage({ id: 'payoutsTable.label', defaultMessage: 'Payouts' })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                {intl.formatMessage({ id: 'payoutsTable.paid', defaultMessage: 'Paid' })}
              </Table.Th>
              <Table.Th scope="col">
                {intl.formatMessage({ id: 'payoutsTable.shop', defaultMessage: 'Shop' })}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {intl.formatMessage({ id: 'payoutsTable.amount', defaultMessage: 'Amount' })}
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                {intl.formatMessage({ id: 'payoutsTable.note', defaultMessage: 'Note' })}
              </Table.Th>
              <Table.Th scope="col">
                {intl.formatMessage({ id: 'payoutsTable.status', defaultMessage: 'Status' })}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payouts.map((payout) => {
              const shopName =
                names.get(payout.shopId) ??
                intl.formatMessage(
                  { id: 'payoutsTable.shopNumber', defaultMessage: 'Shop #{id}' },
                  { id: String(payout.shopId) },
                );
              return (
                <Table.Tr key={payout.id}>
                  <Table.Td>{time(payout.paidAt)}</Table.Td>
                  <Table.Td>
                    {shopName}
                    {payout.voided && (
                      <Text size="xs" c="dimmed">
                        {intl.formatMessage(
                          {
                            id: 'payoutsTable.voidedAt',
                            defaultMessage: 'Voided {time}: {reason}',
                          },
                          { time: time(payout.voided.at), reason: payout.voided.reason },
                        )}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    style={payout.voided ? { textDecoration: 'line-through' } : undefined}
                  >
                    {money(payout.amountDollars)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{payout.note}</Table.Td>
                  <Table.Td>
                    {payout.voided ? (
                      <Badge color="gray">
                        {intl.formatMessage({
                          id: 'payoutsTable.voided',
                          defaultMessage: 'Voided',
                        })}
                      </Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={intl.formatMessage(
                          {
                            id: 'payoutsTable.voidPayout',
                            defaultMessage: 'Void {amount} to {shop}',
                          },
                          { amount: money(payout.amountDollars), shop: shopName },
                        )}
                        onClick={() => setVoiding({ payout, shopName })}
                      >
                        {intl.formatMessage({ id: 'payoutsTable.void', defaultMessage: 'Void' })}
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
