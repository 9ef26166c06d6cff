import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { sandboxOutcomeSchema, type SandboxAction } from '#shared/payments.ts';
import { api, errorText } from '#client/lib/api.ts';

export function settleSandboxSession(
  sessionId: string,
  action: SandboxAction,
): Promise<{ redirectUrl: string }> {
  return api.post(`/api/sandbox/checkout/${encodeURIComponent(sessionId)}`, {
    body: action,
    schema: sandboxOutcomeSchema,
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
