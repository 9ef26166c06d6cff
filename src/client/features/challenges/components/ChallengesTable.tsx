import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, type GroupProps, Table, Text } from '@mantine/core';
import { IconAward, IconDiscount, IconEdit, IconTicket } from '@tabler/icons-react';
import {
  challengeStatus,
  type AdminChallengeDto,
  type ChallengeDto,
  type ChallengeStatus,
} from '#shared/challenges.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';
import { toWallClockDate } from '../zoned-time.ts';

const statusColor: Record<ChallengeStatus, string> = {
  Active: 'teal.9',
  Upcoming: 'blue.8',
  Ended: 'gray.7',
  Inactive: 'yellow.4',
};

/** The battle's days in its own time zone (docs/RULES.md rule 15), wherever the organizer is. */
export function formatDates(
  challenge: Pick<ChallengeDto, 'startDate' | 'endDate' | 'timeZone'>,
): string {
  const day = (instant: string) => toWallClockDate(instant, challenge.timeZone);
  return `${day(challenge.startDate)} - ${day(challenge.endDate)}`;
}

interface Actions {
  onEdit: (challenge: AdminChallengeDto) => void;
  onVouchers: (challenge: AdminChallengeDto) => void;
  onMilestones: (challenge: AdminChallengeDto) => void;
  onPromoCodes: (challenge: AdminChallengeDto) => void;
}

/** Edit, Vouchers, Milestones and Promo codes of one challenge, wrapping onto a second line when squeezed. */
function ChallengeActions({
  challenge,
  actions: { onEdit, onVouchers, onMilestones, onPromoCodes },
  ...layout
}: { challenge: AdminChallengeDto; actions: Actions } & GroupProps) {
  const intl = useMessages();
  const title = { title: challenge.title };
  return (
    <Group gap="xs" wrap="wrap" {...layout}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconEdit size={14} aria-hidden />}
        onClick={() => onEdit(challenge)}
        aria-label={intl.formatMessage(
          { id: 'challengesTable.editOf', defaultMessage: 'Edit {title}' },
          title,
        )}
      >
        {intl.formatMessage({ id: 'challengesTable.edit', defaultMessage: 'Edit' })}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconTicket size={14} aria-hidden />}
        onClick={() => onVouchers(challenge)}
        aria-label={intl.formatMessage(
          { id: 'challengesTable.vouchersOf', defaultMessage: 'Vouchers of {title}' },
          title,
        )}
      >
        {intl.formatMessage({ id: 'challengesTable.vouchers', defaultMessage: 'Vouchers' })}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconAward size={14} aria-hidden />}
        onClick={() => onMilestones(challenge)}
        aria-label={intl.formatMessage(
          { id: 'challengesTable.milestonesOf', defaultMessage: 'Milestones of {title}' },
          title,
        )}
      >
        {intl.formatMessage({ id: 'challengesTable.milestones', defaultMessage: 'Milestones' })}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDiscount size={14} aria-hidden />}
        onClick={() => onPromoCodes(challenge)}
        aria-label={intl.formatMessage(
          { id: 'challengesTable.promoCodesOf', defaultMessage: 'Promo codes of {title}' },
          title,
        )}
      >
        {intl.formatMessage({ id: 'challengesTable.promoCodes', defaultMessage: 'Promo codes' })}
      </Button>
    </Group>
  );
}

/**
 * The challenges table of /admin/challenges: Status, Title, Theme, Dates, Price and the actions
 * (Edit, Vouchers, Milestones, Promo codes). On phones Status, Title (with the dates and the actions under
 * it) and Price, so a title has room to read and nothing scrolls sideways.
 */
export function ChallengesTable({
  challenges,
  ...actions
}: { challenges: AdminChallengeDto[] } & Actions) {
  const now = new Date();
  const intl = useMessages();
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      {/* Whole status words need room on a 390 px phone: narrower cell padding there, the usual
          10 px from about 670 px up. */}
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="clamp(0.25rem, 1.5vw, 0.625rem)"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {intl.formatMessage({ id: 'challengesTable.status', defaultMessage: 'Status' })}
            </Table.Th>
            <Table.Th>
              {intl.formatMessage({ id: 'challengesTable.title', defaultMessage: 'Title' })}
            </Table.Th>
            <Table.Th visibleFrom="sm">
              {intl.formatMessage({ id: 'challengesTable.theme', defaultMessage: 'Theme' })}
            </Table.Th>
            <Table.Th visibleFrom="sm">
              {intl.formatMessage({ id: 'challengesTable.dates', defaultMessage: 'Dates' })}
            </Table.Th>
            <Table.Th>
              {intl.formatMessage({ id: 'challengesTable.price', defaultMessage: 'Price' })}
            </Table.Th>
            <Table.Th visibleFrom="sm">
              {intl.formatMessage({ id: 'challengesTable.actions', defaultMessage: 'Actions' })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {challenges.map((challenge) => {
            const status = challengeStatus(challenge, now);
            return (
              <Table.Tr key={challenge.id}>
                <Table.Td>
                  <Badge color={statusColor[status]}>
                    {intl.formatMessage(
                      {
                        id: 'challengesTable.statusName',
                        defaultMessage:
                          '{status, select, Active {Active} Upcoming {Upcoming} Ended {Ended} other {Inactive}}',
                      },
                      { status },
                    )}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {/* A long unbroken title wraps instead of widening the table past the phone. */}
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {challenge.title}
                  </Text>
                  <Text size="sm" hiddenFrom="sm">
                    {formatDates(challenge)}
                  </Text>
                  <ChallengeActions
                    challenge={challenge}
                    actions={actions}
                    hiddenFrom="sm"
                    mt="xs"
                  />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {challenge.themeLabel}
                  {/* A written label hides the key, which is still the battle's icon and address. */}
                  {challenge.ownThemeLabel !== null && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {challenge.theme}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatDates(challenge)}</Table.Td>
                <Table.Td>{formatMoney(challenge.price, { locale: intl.locale })}</Table.Td>
                <Table.Td visibleFrom="sm">
                  <ChallengeActions challenge={challenge} actions={actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
