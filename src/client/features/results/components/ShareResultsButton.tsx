import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';

export interface SharedPage {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares a page: the device's own share sheet (Web Share API) where there is one, else the link
 * copied to the clipboard with a toast that says so. Closing the share sheet is not an error.
 */
export async function sharePage(shared: SharedPage): Promise<void> {
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
      title: 'Link copied',
      message: 'Paste it anywhere to share the results.',
    });
  } catch {
    notifications.show({
      color: 'red',
      title: 'Could not copy the link',
      message: `Copy it from here: ${shared.url}`,
      autoClose: false,
    });
  }
}

export function ShareResultsButton({ shared }: { shared: SharedPage }) {
  return (
    <Button
      variant="light"
      leftSection={<IconShare size={18} aria-hidden />}
      onClick={() => {
        sharePage(shared).catch(() => {
          notifications.show({
            color: 'red',
            title: 'Could not share',
            message: `Copy the link instead: ${shared.url}`,
            autoClose: false,
          });
        });
      }}
    >
      Share the results
    </Button>
  );
}
