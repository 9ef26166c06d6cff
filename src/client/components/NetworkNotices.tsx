import { Button, Group, Text } from '@mantine/core';
import { useAppUpdate } from '#client/lib/app-update.ts';
import { useOfflineSince, useOnline } from '#client/lib/offline.ts';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * Below the header on every page (docs/decisions/0027): that the page shows what was saved
 * when the network is gone, and that a new version of the site is ready.
 */
export function NetworkNotices() {
  const offline = !useOnline();
  const since = useOfflineSince(offline);
  const applyUpdate = useAppUpdate();
  const intl = useMessages();
  if (!offline && !applyUpdate) return null;
  return (
    <>
      {offline && (
        <Text role="status" ta="center" p="xs" bg="yellow.1" fw={600}>
          {since
            ? intl.formatMessage(
                { id: 'network.offlineSince', defaultMessage: 'Offline — last updated {since}' },
                // Made only here, offline: a browser's first `Intl` formatter loads its locale
                // data, a long task on a phone that every page would otherwise pay while it starts.
                { since: intl.formatDate(since, { dateStyle: 'medium', timeStyle: 'short' }) },
              )
            : intl.formatMessage({ id: 'network.offline', defaultMessage: 'Offline' })}
        </Text>
      )}
      {applyUpdate && (
        <Group role="status" justify="center" gap="sm" p="xs" bg="coffee.0">
          <Text fw={600}>
            {intl.formatMessage({
              id: 'network.updateAvailable',
              defaultMessage: 'Update available',
            })}
          </Text>
          <Button size="compact-sm" onClick={applyUpdate}>
            {intl.formatMessage({ id: 'network.reload', defaultMessage: 'Reload' })}
          </Button>
        </Group>
      )}
    </>
  );
}
