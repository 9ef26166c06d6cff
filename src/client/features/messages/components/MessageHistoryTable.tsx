import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { shopTime } from '#shared/date-range.ts';
import type { MessageSummary } from '#shared/messages.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';
import { audienceWords } from './audience-words.ts';

/** The messages sent for a challenge, newest first, with the outbox's delivery counts. */
export function MessageHistoryTable({
  messages,
  timeZone,
}: {
  messages: MessageSummary[];
  timeZone: string;
}) {
  const intl = useMessages();
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      <Table
        striped
        verticalSpacing="xs"
        aria-label={intl.formatMessage({
          id: 'messageHistory.label',
          defaultMessage: 'Messages sent',
        })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              {intl.formatMessage({ id: 'messageHistory.sent', defaultMessage: 'Sent' })}
            </Table.Th>
            <Table.Th scope="col">
              {intl.formatMessage({ id: 'messages.subject', defaultMessage: 'Subject' })}
            </Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              {intl.formatMessage({ id: 'messageHistory.audience', defaultMessage: 'Audience' })}
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              {intl.formatMessage({
                id: 'messageHistory.recipients',
                defaultMessage: 'Recipients',
              })}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {intl.formatMessage({ id: 'messageHistory.delivered', defaultMessage: 'Delivered' })}
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              {intl.formatMessage({ id: 'messageHistory.failed', defaultMessage: 'Failed' })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                {intl.formatMessage({
                  id: 'messageHistory.none',
                  defaultMessage: 'No messages sent yet.',
                })}
              </Table.Td>
            </Table.Tr>
          ) : (
            messages.map((message) => (
              <Table.Tr key={message.id}>
                <Table.Td>{shopTime(message.sentAt, timeZone, true, intl.locale)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{message.subject}</Table.Td>
                <Table.Td visibleFrom="sm">
                  {intl.formatMessage(audienceWords[message.audience])}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {message.recipients}
                </Table.Td>
                <Table.Td ta="right">{message.delivered}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {message.failed}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
