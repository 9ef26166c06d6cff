import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { ActionIcon, Anchor, Badge, Menu, Stack, Table, Text } from '@mantine/core';
import { IconDots, IconEdit, IconLink, IconPrinter, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminBusiness } from '#shared/businesses.ts';
import { DESCRIPTION_PREVIEW_LENGTH } from '#shared/constants.ts';
import { codeChangesAt } from '#client/lib/shop-words.ts';
import { paths } from '#shared/paths.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';
import { websiteHref } from '#client/lib/website.ts';
import { shopLinkTitle } from './ShopLinkDialog.tsx';

/** docs/SPEC.md section 9: the description cut to 50 characters plus an ellipsis. */
export function preview(text: string): string {
  return text.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`
    : text;
}

export interface BusinessesTableProps {
  businesses: AdminBusiness[];
  onEdit: (business: AdminBusiness) => void;
  onDelete: (business: AdminBusiness) => void;
  onShopLink: (business: AdminBusiness) => void;
  /** The challenge's time zone: a daily code changes at its midnight. */
  timeZone: string;
}

/**
 * 'Participating Businesses' rows: #, Name, Address, Contact, Actions (docs/SPEC.md section 2); on
 * phones Name, Code and Actions, the rest one 'Edit' away, without sideways scrolling.
 */
export function BusinessesTable({
  businesses,
  onEdit,
  onDelete,
  onShopLink,
  timeZone,
}: BusinessesTableProps) {
  const intl = useMessages();
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th visibleFrom="sm">#</Table.Th>
            <Table.Th>
              {intl.formatMessage({ id: 'businessesTable.name', defaultMessage: 'Name' })}
            </Table.Th>
            <Table.Th visibleFrom="sm">
              {intl.formatMessage({ id: 'businessesTable.address', defaultMessage: 'Address' })}
            </Table.Th>
            <Table.Th visibleFrom="sm">
              {intl.formatMessage({ id: 'businessesTable.contact', defaultMessage: 'Contact' })}
            </Table.Th>
            <Table.Th>
              {intl.formatMessage({ id: 'businessesTable.code', defaultMessage: 'Code' })}
            </Table.Th>
            <Table.Th>
              {intl.formatMessage({ id: 'businessesTable.actions', defaultMessage: 'Actions' })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {businesses.map((business, index) => (
            <Table.Tr key={business.id}>
              {/* The row's place in display order, counted from 1: positions may start at 0 or skip. */}
              <Table.Td visibleFrom="sm">{index + 1}</Table.Td>
              <Table.Td>
                <Text fw={600}>{business.name}</Text>
                <Text size="sm" c="dimmed">
                  {preview(business.description)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{business.address}</Table.Td>
              <Table.Td visibleFrom="sm">
                <Stack gap={2}>
                  {business.phone && <Text size="sm">{business.phone}</Text>}
                  {business.website && (
                    <Anchor
                      size="sm"
                      href={websiteHref(business.website)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {intl.formatMessage({
                        id: 'businessesTable.website',
                        defaultMessage: 'Website',
                      })}
                    </Anchor>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  {/* The code the counter accepts now: with rotation on, not the static one. */}
                  <Text ff="monospace">{business.currentCode.code}</Text>
                  {business.currentCode.rotation !== 'off' && (
                    <Text size="xs" c="dimmed">
                      {intl.formatMessage(
                        {
                          id: 'businessesTable.rotation',
                          defaultMessage:
                            '{rotation, select, daily {Daily code} other {Hourly code}}',
                        },
                        { rotation: business.currentCode.rotation },
                      )}
                      <br />
                      {codeChangesAt(business.currentCode, timeZone, intl)}
                    </Text>
                  )}
                  {business.paused && (
                    <Badge color="orange.9" size="sm">
                      {intl.formatMessage({
                        id: 'businessesTable.paused',
                        defaultMessage: 'Paused',
                      })}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray.7"
                      aria-label={intl.formatMessage(
                        { id: 'businessesTable.actionsFor', defaultMessage: 'Actions for {shop}' },
                        { shop: business.name },
                      )}
                    >
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconEdit size={16} aria-hidden />}
                      onClick={() => onEdit(business)}
                    >
                      {intl.formatMessage({ id: 'businessesTable.edit', defaultMessage: 'Edit' })}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconLink size={16} aria-hidden />}
                      onClick={() => onShopLink(business)}
                    >
                      {intl.formatMessage(shopLinkTitle)}
                    </Menu.Item>
                    <Menu.Item
                      component={Link}
                      to={paths.cashierCard(business.id)}
                      leftSection={<IconPrinter size={16} aria-hidden />}
                    >
                      {intl.formatMessage({
                        id: 'businessesTable.cashierCard',
                        defaultMessage: 'Cashier Card',
                      })}
                    </Menu.Item>
                    <Menu.Item
                      color="red.8"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => onDelete(business)}
                    >
                      {intl.formatMessage({
                        id: 'businessesTable.delete',
                        defaultMessage: 'Delete',
                      })}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
