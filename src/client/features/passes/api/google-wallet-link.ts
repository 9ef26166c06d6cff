import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { GoogleWalletLink } from '#shared/wallet.ts';
import { api, errorText } from '#client/lib/api.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * The 'Save to Google Wallet' address, asked for only when the member taps the button: nothing
 * goes to Google before (docs/decisions/0043). Its answer is not parsed again (docs/decisions/0007):
 * the pass page loads no zod.
 */
export function getGoogleWalletLink(): Promise<GoogleWalletLink> {
  return api.get<GoogleWalletLink>(endpoints.googleWalletLink.path);
}

/** Asks for the link, then leaves for Google's save page. */
export function useSaveToGoogleWallet() {
  const intl = useMessages();
  return useMutation({
    mutationFn: getGoogleWalletLink,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'wallet.googleFailedTitle',
          defaultMessage: 'Could not open Google Wallet',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'wallet.googleFailedMessage',
            defaultMessage: 'Please try again.',
          }),
        ),
      });
    },
  });
}
