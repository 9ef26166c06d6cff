import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { SandboxAction, SandboxOutcome } from '#shared/payments.ts';
import { api, errorText } from '#client/lib/api.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function settleSandboxSession(
  sessionId: string,
  action: SandboxAction,
): Promise<SandboxOutcome> {
  return api.post<SandboxOutcome>(endpointPath(endpoints.settleSandboxCheckout, { sessionId }), {
    body: action,
  });
}

/** Pay, decline or cancel on the sandbox page; the caller follows the returned redirect. */
export function useSettleSandboxSession(sessionId: string) {
  return useMutation({
    mutationFn: (action: SandboxAction) => settleSandboxSession(sessionId, action),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Payment failed',
        message: errorText(error, 'The payment could not be processed.'),
      });
    },
  });
}
