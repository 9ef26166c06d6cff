import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { CheckoutRequest } from '#shared/claims.ts';
import type { CheckoutSession } from '#shared/payments.ts';
import { useMessages, usePageLanguage } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The order's size and whether it is a gift; the server prices it from the challenge on sale. */
export function createCheckoutSession(order: CheckoutRequest): Promise<CheckoutSession> {
  return api.post<CheckoutSession>(endpoints.createCheckoutSession.path, { body: order });
}

/**
 * Starts a checkout and sends the browser to the provider's page (docs/SPEC.md section 4), which
 * returns to /checkout in the page's language.
 */
export function useCreateCheckoutSession() {
  const intl = useMessages();
  const { language } = usePageLanguage();
  return useMutation({
    mutationFn: (order: Omit<CheckoutRequest, 'language'>) =>
      createCheckoutSession({ ...order, language }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'checkout.errorTitle', defaultMessage: 'Error' }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'checkout.createFailed',
            defaultMessage: 'Failed to create checkout session',
          }),
        ),
      });
    },
  });
}
