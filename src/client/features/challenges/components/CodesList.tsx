import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ChallengeDto } from '#shared/challenges.ts';
import { formatInstant } from '#shared/date-range.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';

const tryAgain = { id: 'codesList.tryAgain', defaultMessage: 'Please try again.' } as const;

/**
 * What the organizer's dialogs on /admin/challenges share (vouchers, promo codes, milestones):
 * the modal titled with the battle, and the list of its codes with their loading, error and empty
 * states.
 */
export function ChallengeCodesModal({
  challenge,
  onClose,
  title,
  children,
}: {
  challenge: ChallengeDto | null;
  onClose: () => void;
  /** 'Vouchers', 'Promo codes': the modal's title before the battle's. */
  title: string;
  children: (challenge: ChallengeDto) => ReactNode;
}) {
  const intl = useMessages();
  return (
    <Modal
      opened={challenge !== null}
      onClose={onClose}
      title={
        challenge
          ? intl.formatMessage(
              { id: 'codesList.modalTitle', defaultMessage: '{title}: {challenge}' },
              { title, challenge: challenge.title },
            )
          : title
      }
      size={640}
    >
      {challenge && children(challenge)}
    </Modal>
  );
}

export interface CodeColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** When a code stops working, on the battle's clock; 'Never' without an expiry. */
export const expiresColumn = <Row extends { expiresAt: string | null }>(
  timeZone: string,
  intl: IntlShape,
): CodeColumn<Row> => ({
  header: intl.formatMessage({ id: 'codesList.expires', defaultMessage: 'Expires' }),
  cell: (row) =>
    row.expiresAt
      ? formatInstant(row.expiresAt, timeZone, { locale: intl.locale })
      : intl.formatMessage({ id: 'codesList.never', defaultMessage: 'Never' }),
});

/** A list's words for its loading, error and empty states. */
export interface CodesListWords {
  loading: string;
  loadFailed: string;
  none: string;
}

export function CodesTable<Row extends { id: number; code: string }>({
  id,
  title,
  words,
  codes,
  columns,
}: {
  /** The section's heading id, which also labels the table. */
  id: string;
  title: string;
  words: CodesListWords;
  codes: UseQueryResult<Row[]>;
  /** After the code, which is always first. */
  columns: CodeColumn<Row>[];
}) {
  const intl = useMessages();
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {codes.isPending ? (
        <Text c="dimmed">{words.loading}</Text>
      ) : codes.isError ? (
        <Alert color="red" title={words.loadFailed}>
          {errorText(codes.error, intl.formatMessage(tryAgain))}
        </Alert>
      ) : codes.data.length === 0 ? (
        <Text c="dimmed">{words.none}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {intl.formatMessage({ id: 'codesList.code', defaultMessage: 'Code' })}
                </Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {row.code}
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** A code's optional expiry: a wall-clock minute in the battle's own time zone (rule 15). */
export function ExpiryInput({
  timeZone,
  value,
  onChange,
}: {
  timeZone: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const intl = useMessages();
  return (
    <TextInput
      type="datetime-local"
      label={intl.formatMessage({
        id: 'codesList.expiresOptional',
        defaultMessage: 'Expires (optional)',
      })}
      description={intl.formatMessage(
        { id: 'codesList.timeZone', defaultMessage: "In the battle's time zone, {timeZone}" },
        { timeZone },
      )}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The end of a code's form: why it was not created, and the button that creates it. */
export function CreateCodeFooter({
  notCreated,
  createLabel,
  error,
  pending,
}: {
  /** 'Voucher not created', 'Promo code not created': the title of the error. */
  notCreated: string;
  createLabel: string;
  error: unknown;
  pending: boolean;
}) {
  const intl = useMessages();
  return (
    <>
      {error !== null && (
        <Alert color="red" title={notCreated} role="alert">
          {errorText(error, intl.formatMessage(tryAgain))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={pending}>
          {createLabel}
        </Button>
      </Group>
    </>
  );
}
