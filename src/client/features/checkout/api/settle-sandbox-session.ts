import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { SandboxAction, SandboxOutcome } from '#shared/payments.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export function settleSandboxSession(
  sessionId: string,
  action: SandboxAction,
): Promise<SandboxOutcome> {
  return api.post<SandboxOutcome>(endpointPath(endpoints.settleSandboxCheckout, { sessionId }), {
    body: action,
  });
}

/**
 * Pay, decline or cancel on the sandbox page; the caller follows the returned redirect. A refused
 * Pay reloads the session: a promo code that ran out meanwhile leaves it at its full price.
 */
export function useSettleSandboxSession(sessionId: string) {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxAction) => settleSandboxSession(sessionId, action),
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.member.sandboxSession(sessionId) });
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'sandboxPayment.failed',
          defaultMessage: 'Payment failed',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'sandboxPayment.failedText',
            defaultMessage: 'The payment could not be processed.',
          }),
        ),
      });
    },
  });
}
