import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import type { BackupStatus } from '#shared/backups.ts';
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
export function intervalText(intervalMs: number): string {
  if (intervalMs % (24 * HOUR_MS) === 0) {
    const days = intervalMs / (24 * HOUR_MS);
    return days === 1 ? 'every day' : `every ${days} days`;
  }
  if (intervalMs % HOUR_MS === 0) {
    const hours = intervalMs / HOUR_MS;
    return hours === 1 ? 'every hour' : `every ${hours} hours`;
  }
  return `every ${Math.round(intervalMs / 60_000)} minutes`;
}

function scheduleText(status: BackupStatus): string {
  const kept = `the newest ${status.keep} are kept`;
  return status.intervalMs === null
    ? `Taken on demand only; ${kept}.`
    : `Taken ${intervalText(status.intervalMs)}; ${kept}.`;
}

/**
 * /admin's backup card (docs/decisions/0038): the last backup, 'Back up now', and a warning when
 * the last one is older than twice the interval.
 */
export function BackupCard() {
  const query = useBackupStatus();
  const takeBackup = useTakeBackup();
  const status = query.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="backups-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="backups-title">
          Backups
        </Title>
        <Button
          size="xs"
          onClick={() => takeBackup.mutate()}
          loading={takeBackup.isPending}
          disabled={query.isError}
        >
          Back up now
        </Button>
      </Group>
      {query.isError ? (
        <Text mt="sm">Could not load the backups.</Text>
      ) : status ? (
        <BackupSummary status={status} />
      ) : (
        <Text mt="sm">Loading…</Text>
      )}
    </Card>
  );
}

/** The last backup, the schedule, and the overdue warning. */
export function BackupSummary({ status }: { status: BackupStatus }) {
  return (
    <>
      <Text mt="sm">
        {status.last
          ? `Last backup: ${new Date(status.last.createdAt).toLocaleString()} (${formatSize(status.last.sizeBytes)})`
          : 'No backup yet.'}
      </Text>
      <Text size="sm" c="dimmed">
        {scheduleText(status)}
      </Text>
      {status.stale && status.intervalMs !== null && (
        <Alert color="orange" title="Backups are overdue" mt="sm" role="alert">
          {status.last
            ? `The last backup is older than twice the interval (${intervalText(status.intervalMs)}).`
            : `No backup has been taken, although one is due ${intervalText(status.intervalMs)}.`}{' '}
          Check the server’s log and free disk space, or back up now.
        </Alert>
      )}
    </>
  );
}
