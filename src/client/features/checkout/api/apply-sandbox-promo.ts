import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SandboxSession } from '#shared/payments.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

type PromoTotal = Pick<SandboxSession, 'amountCents' | 'discountCents' | 'promoCode'>;

/** 'Apply' on the sandbox page (docs/decisions/0044): the session's new total, before Pay. */
export function useApplySandboxPromo(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<PromoTotal>(endpointPath(endpoints.applySandboxPromo, { sessionId }), {
        body: { code },
      }),
    onSuccess: (total) => {
      queryClient.setQueryData<SandboxSession>(
        queryKeys.member.sandboxSession(sessionId),
        (session) => (session ? { ...session, ...total } : session),
      );
    },
  });
}
