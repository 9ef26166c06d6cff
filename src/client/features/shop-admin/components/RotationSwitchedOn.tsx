import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminBusiness } from '#shared/businesses.ts';
import { useMessages } from '#client/i18n/language.tsx';
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
  const intl = useMessages();
  return (
    <Stack gap="md">
      <Alert
        color="teal"
        variant="light"
        title={intl.formatMessage({
          id: 'rotationSwitchedOn.title',
          defaultMessage: 'Code rotation is on',
        })}
      >
        <Stack gap="xs">
          <Text size="sm">
            {intl.formatMessage(
              {
                id: 'rotationSwitchedOn.text',
                defaultMessage:
                  'The counter accepts {code} now. {changes}. It refuses the static code {staticCode}: printed cashier cards showing it no longer work. Print the new card for the till.',
              },
              {
                code: business.currentCode.code,
                changes: codeChangesAt(business.currentCode, timeZone, intl),
                staticCode: business.redemptionCode,
              },
            )}
          </Text>
          {!business.shopLinkIssued && (
            <Text size="sm">
              {intl.formatMessage({
                id: 'rotationSwitchedOn.issueLink',
                defaultMessage:
                  "The cashier reads the code on the shop's page: issue its link (Actions, Shop Link) and bookmark it on the till.",
              })}
            </Text>
          )}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {intl.formatMessage({ id: 'rotationSwitchedOn.done', defaultMessage: 'Done' })}
        </Button>
        <Button
          component={Link}
          to={paths.cashierCard(business.id)}
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          {intl.formatMessage({
            id: 'rotationSwitchedOn.print',
            defaultMessage: 'Print new cashier card',
          })}
        </Button>
      </Group>
    </Stack>
  );
}
