import { Button, Group, Text } from '@mantine/core';
import { useAppUpdate } from '#client/lib/app-update.ts';
import { useOfflineSince, useOnline } from '#client/lib/offline.ts';

const lastUpdated = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Below the header on every page (docs/decisions/0019): that the page shows what was saved
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
          {since ? `Offline — last updated ${lastUpdated.format(since)}` : 'Offline'}
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
