import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Badge, Table, Text } from '@mantine/core';
import type { Settlement } from '#shared/shop-side.ts';
import { formatMoney } from '#shared/money.ts';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';

/** One row per shop, removed shops included (they are still owed), and the totals. */
export function SettlementTable({ settlement }: { settlement: Settlement }) {
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="sm">
        <Table.Caption>
          {formatMoney(settlement.couponValueDollars)} owed for each coupon redeemed at a shop.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Shop</Table.Th>
            <Table.Th scope="col" ta="right">
              Coupons redeemed
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Amount owed
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Votes
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
              <Table.Td ta="right">{shop.couponsRedeemed}</Table.Td>
              <Table.Td ta="right">{formatMoney(shop.amountOwedDollars)}</Table.Td>
              <Table.Td ta="right">{shop.votes}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" fw={700}>
              {settlement.totals.couponsRedeemed}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatMoney(settlement.totals.amountOwedDollars)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {settlement.totals.votes}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
