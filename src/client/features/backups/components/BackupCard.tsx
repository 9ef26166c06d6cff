import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import type { BackupStatus } from '#shared/backups.ts';
import { sourceIntl, useMessages } from '#client/i18n/language.tsx';
import { useBackupStatus, useTakeBackup } from '../api/backups.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A byte count as people read it: 812 KB, 3.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** BACKUP_EVERY in words: 'every day', 'every 6 hours'. */
export function intervalText(intervalMs: number, intl: IntlShape = sourceIntl()): string {
  if (intervalMs % (24 * HOUR_MS) === 0) {
    return intl.formatMessage(
      {
        id: 'backups.everyDays',
        defaultMessage: '{days, plural, one {every day} other {every # days}}',
      },
      { days: intervalMs / (24 * HOUR_MS) },
    );
  }
  if (intervalMs % HOUR_MS === 0) {
    return intl.formatMessage(
      {
        id: 'backups.everyHours',
        defaultMessage: '{hours, plural, one {every hour} other {every # hours}}',
      },
      { hours: intervalMs / HOUR_MS },
    );
  }
  return intl.formatMessage(
    { id: 'backups.everyMinutes', defaultMessage: 'every {minutes} minutes' },
    { minutes: String(Math.round(intervalMs / 60_000)) },
  );
}

function scheduleText(status: BackupStatus, intl: IntlShape): string {
  return intl.formatMessage(
    {
      id: 'backups.schedule',
      defaultMessage:
        '{onDemand, select, yes {Taken on demand only} other {Taken {interval}}}; the newest {keep} are kept.',
    },
    {
      onDemand: status.intervalMs === null ? 'yes' : 'no',
      interval: status.intervalMs === null ? '' : intervalText(status.intervalMs, intl),
      keep: String(status.keep),
    },
  );
}

/**
 * /admin's backup card (docs/decisions/0038): the last backup, 'Back up now', and a warning when
 * the last one is older than twice the interval.
 */
export function BackupCard() {
  const query = useBackupStatus();
  const takeBackup = useTakeBackup();
  const status = query.data;
  const intl = useMessages();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="backups-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="backups-title">
          {intl.formatMessage({ id: 'backups.title', defaultMessage: 'Backups' })}
        </Title>
        <Button
          size="xs"
          onClick={() => takeBackup.mutate()}
          loading={takeBackup.isPending}
          disabled={query.isError}
        >
          {intl.formatMessage({ id: 'backups.backUpNow', defaultMessage: 'Back up now' })}
        </Button>
      </Group>
      {query.isError ? (
        <Text mt="sm">
          {intl.formatMessage({
            id: 'backups.loadFailed',
            defaultMessage: 'Could not load the backups.',
          })}
        </Text>
      ) : status ? (
        <BackupSummary status={status} />
      ) : (
        <Text mt="sm">
          {intl.formatMessage({ id: 'backups.loading', defaultMessage: 'Loading…' })}
        </Text>
      )}
    </Card>
  );
}

/** The last backup, the schedule, and the overdue warning. */
export function BackupSummary({ status }: { status: BackupStatus }) {
  const intl = useMessages();
  return (
    <>
      <Text mt="sm">
        {status.last
          ? intl.formatMessage(
              { id: 'backups.last', defaultMessage: 'Last backup: {when} ({size})' },
              {
                // The organizer's own clock; on an English page, in the browser's own format.
                when: new Date(status.last.createdAt).toLocaleString(
                  intl.locale === intl.defaultLocale ? undefined : intl.locale,
                ),
                size: formatSize(status.last.sizeBytes),
              },
            )
          : intl.formatMessage({ id: 'backups.none', defaultMessage: 'No backup yet.' })}
      </Text>
      <Text size="sm" c="dimmed">
        {scheduleText(status, intl)}
      </Text>
      {status.stale && status.intervalMs !== null && (
        <Alert
          color="orange"
          title={intl.formatMessage({
            id: 'backups.overdue',
            defaultMessage: 'Backups are overdue',
          })}
          mt="sm"
          role="alert"
        >
          {intl.formatMessage(
            {
              id: 'backups.overdueText',
              defaultMessage:
                '{last, select, yes {The last backup is older than twice the interval ({interval}).} other {No backup has been taken, although one is due {interval}.}} Check the server’s log and free disk space, or back up now.',
            },
            {
              last: status.last ? 'yes' : 'no',
              interval: intervalText(status.intervalMs, intl),
            },
          )}
        </Alert>
      )}
    </>
  );
}
