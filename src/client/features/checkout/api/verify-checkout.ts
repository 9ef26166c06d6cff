import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { VerifyCheckoutResult } from '#shared/payments.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

export function verifyCheckout(sessionId: string): Promise<VerifyCheckoutResult> {
  return api.get<VerifyCheckoutResult>(
    `${endpoints.verifyCheckout.path}?${new URLSearchParams({ session_id: sessionId }).toString()}`,
  );
}

/**
 * Confirms a returned checkout (docs/SPEC.md section 4); the server fulfils it if the webhook has not.
 * Success refreshes the member's data so the header shows 'My Battle Pass'.
 */
export function useVerifyCheckout() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCheckout,
    onSuccess: async (result) => {
      if (result.success) {
        notifications.show({
          color: 'green',
          title: intl.formatMessage({ id: 'checkout.successTitle', defaultMessage: 'Success' }),
          // The spec's words for one pass; an order with passes to give says so (rule 24).
          message: result.message,
        });
        await queryClient.invalidateQueries({ queryKey: queryKeys.member.all });
      } else if (!result.requiresRegistration) {
        notifications.show({
          color: 'yellow',
          title: intl.formatMessage({ id: 'checkout.warningTitle', defaultMessage: 'Warning' }),
          message: intl.formatMessage({
            id: 'checkout.unexpectedResult',
            defaultMessage: 'Unexpected result from checkout verification.',
          }),
        });
      }
    },
    onError: () => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'checkout.verifyErrorTitle',
          defaultMessage: 'Verification Error',
        }),
        message: intl.formatMessage({
          id: 'checkout.verifyFailed',
          defaultMessage: 'Failed to verify checkout session.',
        }),
      });
    },
  });
}
