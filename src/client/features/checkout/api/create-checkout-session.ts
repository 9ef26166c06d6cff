import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { CheckoutRequest } from '#shared/claims.ts';
import type { CheckoutSession } from '#shared/payments.ts';
import { api, errorText } from '#client/lib/api.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The order's size and whether it is a gift; the server prices it from the challenge on sale. */
export function createCheckoutSession(order: CheckoutRequest): Promise<CheckoutSession> {
  return api.post<CheckoutSession>(endpoints.createCheckoutSession.path, { body: order });
}

/** Starts a checkout and sends the browser to the provider's page (docs/SPEC.md section 4). */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: errorText(error, 'Failed to create checkout session'),
      });
    },
  });
}
