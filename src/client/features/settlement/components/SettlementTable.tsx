import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  FIRST_VISITS,
  FREE_PASS_COUPONS,
  TYPED_OFFLINE,
  type Settlement,
} from '#shared/settlement.ts';
import { formatMoney } from '#shared/money.ts';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';

type SettlementRow = Settlement['shops'][number];
type CountKey = keyof Settlement['totals'] &
  ('couponsRedeemed' | 'firstVisits' | 'offlineRedeemed' | 'freePassCoupons');

/** The coupon counts, shown from a small screen up: their explanations are the caption's. */
const COUNT_COLUMNS: { key: CountKey; label: string }[] = [
  { key: 'couponsRedeemed', label: 'Coupons redeemed' },
  { key: 'firstVisits', label: FIRST_VISITS.label },
  { key: 'offlineRedeemed', label: TYPED_OFFLINE.label },
  { key: 'freePassCoupons', label: FREE_PASS_COUPONS.label },
];
const EXPLAINED = [FIRST_VISITS, TYPED_OFFLINE, FREE_PASS_COUPONS];

/**
 * One row per shop, removed shops included (they are still owed), and the totals: what each shop
 * earned, was paid and is owed now, with 'Pay' while anything is owed. On phones: shop, paid, owed.
 */
export function SettlementTable({
  settlement,
  onPay,
}: {
  settlement: Settlement;
  onPay: (shop: SettlementRow) => void;
}) {
  const { totals } = settlement;
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="sm">
        <Table.Caption>
          {formatMoney(settlement.couponValueDollars)} earned for each coupon redeemed at a shop;
          owed now is what is earned less the payouts.
          <Text span inherit visibleFrom="sm">
            {' '}
            {EXPLAINED.map(
              ({ label, explanation }) => `${label}: ${explanation.toLowerCase()}`,
            ).join(' ')}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Shop</Table.Th>
            {COUNT_COLUMNS.map(({ key, label }) => (
              <Table.Th key={key} scope="col" ta="right" visibleFrom="sm">
                {label}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Earned
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Paid
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Owed now
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Votes
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settlement.shops.map((shop) => (
            <Table.Tr key={shop.shopId}>
              <Table.Th scope="row" fw={500}>
                <Text span inherit>
                  {shop.name}
                </Text>
                {shop.removed && (
                  <Badge color="gray.7" variant="outline" ml="xs">
                    Removed
                  </Badge>
                )}
              </Table.Th>
              {COUNT_COLUMNS.map(({ key }) => (
                <Table.Td key={key} ta="right" visibleFrom="sm">
                  {shop[key]}
                </Table.Td>
              ))}
              <Table.Td ta="right" visibleFrom="sm">
                {formatMoney(shop.earnedDollars)}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(shop.paidDollars)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(shop.owedDollars)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {shop.votes}
              </Table.Td>
              <Table.Td>
                {shop.owedDollars > 0 && (
                  <Button
                    size="compact-sm"
                    aria-label={`Pay ${shop.name}`}
                    onClick={() => onPay(shop)}
                  >
                    Pay
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {COUNT_COLUMNS.map(({ key }) => (
              <Table.Td key={key} ta="right" fw={700} visibleFrom="sm">
                {totals[key]}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700} visibleFrom="sm">
              {formatMoney(totals.earnedDollars)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatMoney(totals.paidDollars)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatMoney(totals.owedDollars)}
            </Table.Td>
            <Table.Td ta="right" fw={700} visibleFrom="sm">
              {totals.votes}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
