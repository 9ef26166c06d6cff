import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';
import type { IntlShape } from 'react-intl';
import { sourceIntl, useMessages } from '#client/i18n/language.tsx';

export interface SharedPage {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares a page: the device's own share sheet (Web Share API) where there is one, else the link
 * copied to the clipboard with a toast that says so. Closing the share sheet is not an error.
 */
export async function sharePage(shared: SharedPage, intl: IntlShape = sourceIntl()): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(shared);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      throw error;
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(shared.url);
    notifications.show({
      title: intl.formatMessage({ id: 'shareResults.copied', defaultMessage: 'Link copied' }),
      message: intl.formatMessage({
        id: 'shareResults.copiedText',
        defaultMessage: 'Paste it anywhere to share the results.',
      }),
    });
  } catch {
    notifications.show({
      color: 'red',
      title: intl.formatMessage({
        id: 'shareResults.copyFailed',
        defaultMessage: 'Could not copy the link',
      }),
      message: intl.formatMessage(
        { id: 'shareResults.copyFromHere', defaultMessage: 'Copy it from here: {url}' },
        { url: shared.url },
      ),
      autoClose: false,
    });
  }
}

export function ShareResultsButton({ shared }: { shared: SharedPage }) {
  const intl = useMessages();
  return (
    <Button
      variant="light"
      leftSection={<IconShare size={18} aria-hidden />}
      onClick={() => {
        sharePage(shared, intl).catch(() => {
          notifications.show({
            color: 'red',
            title: intl.formatMessage({
              id: 'shareResults.shareFailed',
              defaultMessage: 'Could not share',
            }),
            message: intl.formatMessage(
              { id: 'shareResults.copyInstead', defaultMessage: 'Copy the link instead: {url}' },
              { url: shared.url },
            ),
            autoClose: false,
          });
        });
      }}
    >
      {intl.formatMessage({ id: 'shareResults.share', defaultMessage: 'Share the results' })}
    </Button>
  );
}
