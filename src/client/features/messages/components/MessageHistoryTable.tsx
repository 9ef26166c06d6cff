import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { shopTime } from '#shared/date-range.ts';
import { AUDIENCE_LABELS, type MessageSummary } from '#shared/messages.ts';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';

/** The messages sent for a challenge, newest first, with the outbox's delivery counts. */
export function MessageHistoryTable({
  messages,
  timeZone,
}: {
  messages: MessageSummary[];
  timeZone: string;
}) {
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="xs" aria-label="Messages sent">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Subject</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Audience
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Recipients
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Delivered
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Failed
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>No messages sent yet.</Table.Td>
            </Table.Tr>
          ) : (
            messages.map((message) => (
              <Table.Tr key={message.id}>
                <Table.Td>{shopTime(message.sentAt, timeZone, true)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{message.subject}</Table.Td>
                <Table.Td visibleFrom="sm">{AUDIENCE_LABELS[message.audience]}</Table.Td>
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
