import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminBusiness } from '#shared/businesses.ts';
import { codeChangesAt } from '#client/lib/shop-words.ts';
import { paths } from '#shared/paths.ts';

/**
 * After rotation was switched on: the static code on printed cards no longer redeems, so the
 * organizer is offered the new card, which sends the cashier to the shop's page for the code.
 */
export function RotationSwitchedOn({
  business,
  timeZone,
  onDone,
}: {
  business: AdminBusiness;
  timeZone: string;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" title="Code rotation is on">
        <Stack gap="xs">
          <Text size="sm">
            The counter accepts {business.currentCode.code} now.{' '}
            {codeChangesAt(business.currentCode, timeZone)}. It refuses the static code{' '}
            {business.redemptionCode}: printed cashier cards showing it no longer work. Print the
            new card for the till.
          </Text>
          {!business.shopLinkIssued && (
            <Text size="sm">
              The cashier reads the code on the shop's page: issue its link (Actions, Shop Link) and
              bookmark it on the till.
            </Text>
          )}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
        <Button
          component={Link}
          to={paths.cashierCard(business.id)}
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          Print new cashier card
        </Button>
      </Group>
    </Stack>
  );
}
