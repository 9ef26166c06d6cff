import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { defineMessage, type MessageDescriptor } from 'react-intl';
import type { Settlement } from '#shared/settlement.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';
import { shopCountWords } from '#client/lib/shop-words.ts';

type SettlementRow = Settlement['shops'][number];
type CountKey = keyof Settlement['totals'] &
  ('couponsRedeemed' | 'firstVisits' | 'offlineRedeemed' | 'freePassCoupons');

/** The coupon counts, shown from a small screen up: their explanations are the caption's. */
const COUNT_COLUMNS: { key: CountKey; label: MessageDescriptor }[] = [
  {
    key: 'couponsRedeemed',
    label: defineMessage({
      id: 'settlementTable.couponsRedeemed',
      defaultMessage: 'Coupons redeemed',
    }),
  },
  { key: 'firstVisits', label: shopCountWords.firstVisits },
  { key: 'offlineRedeemed', label: shopCountWords.typedOffline },
  { key: 'freePassCoupons', label: shopCountWords.freePasses },
];
const EXPLAINED = [
  [shopCountWords.firstVisits, shopCountWords.firstVisitsExplained],
  [shopCountWords.typedOffline, shopCountWords.typedOfflineExplained],
  [shopCountWords.freePasses, shopCountWords.freePassesExplained],
] as const;

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
  const intl = useMessages();
  const money = (dollars: number) => formatMoney(dollars, { locale: intl.locale });
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="sm">
        <Table.Caption>
          {intl.formatMessage(
            {
              id: 'settlementTable.caption',
              defaultMessage:
                '{couponValue} earned for each coupon redeemed at a shop; owed now is what is earned less the payouts.',
            },
            { couponValue: money(settlement.couponValueDollars) },
          )}
          <Text span inherit visibleFrom="sm">
            {' '}
            {EXPLAINED.map(
              ([label, explanation]) =>
                `${intl.formatMessage(label)}: ${intl.formatMessage(explanation).toLowerCase()}`,
            ).join(' ')}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              {intl.formatMessage({ id: 'settlementTable.shop', defaultMessage: 'Shop' })}
            </Table.Th>
            {COUNT_COLUMNS.map(({ key, label }) => (
              <Table.Th key={key} scope="col" ta="right" visibleFrom="sm">
                {intl.formatMessage(label)}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              {intl.formatMessage({ id: 'settlementTable.earned', defaultMessage: 'Earned' })}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {intl.formatMessage({ id: 'settlementTable.paid', defaultMessage: 'Paid' })}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {intl.formatMessage({ id: 'settlementTable.owedNow', defaultMessage: 'Owed now' })}
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              {intl.formatMessage({ id: 'settlementTable.votes', defaultMessage: 'Votes' })}
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>
                {intl.formatMessage({ id: 'settlementTable.actions', defaultMessage: 'Actions' })}
              </VisuallyHidden>
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
                    {intl.formatMessage({
                      id: 'settlementTable.removed',
                      defaultMessage: 'Removed',
                    })}
                  </Badge>
                )}
              </Table.Th>
              {COUNT_COLUMNS.map(({ key }) => (
                <Table.Td key={key} ta="right" visibleFrom="sm">
                  {shop[key]}
                </Table.Td>
              ))}
              <Table.Td ta="right" visibleFrom="sm">
                {money(shop.earnedDollars)}
              </Table.Td>
              <Table.Td ta="right">{money(shop.paidDollars)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {money(shop.owedDollars)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {shop.votes}
              </Table.Td>
              <Table.Td>
                {shop.owedDollars > 0 && (
                  <Button
                    size="compact-sm"
                    aria-label={intl.formatMessage(
                      { id: 'settlementTable.payShop', defaultMessage: 'Pay {shop}' },
                      { shop: shop.name },
                    )}
                    onClick={() => onPay(shop)}
                  >
                    {intl.formatMessage({ id: 'settlementTable.pay', defaultMessage: 'Pay' })}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">
              {intl.formatMessage({ id: 'settlementTable.total', defaultMessage: 'Total' })}
            </Table.Th>
            {COUNT_COLUMNS.map(({ key }) => (
              <Table.Td key={key} ta="right" fw={700} visibleFrom="sm">
                {totals[key]}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700} visibleFrom="sm">
              {money(totals.earnedDollars)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(totals.paidDollars)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(totals.owedDollars)}
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
