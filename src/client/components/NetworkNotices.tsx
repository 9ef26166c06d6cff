import { Button, Group, Text } from '@mantine/core';
import { useAppUpdate } from '#client/lib/app-update.ts';
import { useOfflineSince, useOnline } from '#client/lib/offline.ts';

/**
 * Made when first needed, offline: a browser's first `Intl` formatter loads its locale data, a
 * long task on a phone that every page would otherwise pay while it starts.
 */
let lastUpdated: Intl.DateTimeFormat | undefined;
const formatLastUpdated = (since: Date) =>
  (lastUpdated ??= new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })).format(since);

/**
 * Below the header on every page (docs/decisions/0027): that the page shows what was saved
 * when the network is gone, and that a new version of the site is ready.
 */
export function NetworkNotices() {
  const offline = !useOnline();
  const since = useOfflineSince(offline);
  const applyUpdate = useAppUpdate();
  if (!offline && !applyUpdate) return null;
  return (
    <>
      {offline && (
        <Text role="status" ta="center" p="xs" bg="yellow.1" fw={600}>
          {since ? `Offline — last updated ${formatLastUpdated(since)}` : 'Offline'}
        </Text>
      )}
      {applyUpdate && (
        <Group role="status" justify="center" gap="sm" p="xs" bg="coffee.0">
          <Text fw={600}>Update available</Text>
          <Button size="compact-sm" onClick={applyUpdate}>
            Reload
          </Button>
        </Group>
      )}
    </>
  );
}
