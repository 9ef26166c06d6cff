import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { ClaimDto, ClaimRefund, SendClaimRequest } from '#shared/claims.ts';
import { formatMoney } from '#shared/money.ts';
import { endpoints, endpointPath } from '#shared/endpoints.ts';
import type { PassDto } from '#shared/passes.ts';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * Passes for other people (docs/RULES.md rule 24): the member's claims, their links and emails,
 * taking a claim, and giving one's own unused pass away. The server decides every rule.
 */
export function useClaims(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.member.claims,
    queryFn: ({ signal }) => api.get<ClaimDto[]>(endpoints.userClaims.path, { signal }),
    enabled,
  });
}

/** A fresh link for one open claim; the one before stops working. */
export function useClaimLink() {
  return useMutation({
    mutationFn: (claimId: number) =>
      api.post<{ url: string }>(endpointPath(endpoints.claimLink, { id: claimId })),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'No link made',
        message: errorText(error, 'Please try again.'),
      });
    },
  });
}

export function useSendClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, request }: { claimId: number; request: SendClaimRequest }) =>
      api.post<null>(endpointPath(endpoints.sendClaim, { id: claimId }), { body: request }),
    onSuccess: async (_answer, { request }) => {
      notifications.show({
        color: 'green',
        title: 'Pass sent',
        message: request.sendAt
          ? `It goes to ${request.email} on the date you chose.`
          : `It is on its way to ${request.email}.`,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.claims });
    },
  });
}

/** Takes the pass of a link: afterwards the member's pass and progress are theirs to read. */
export function useRedeemClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<PassDto>(endpoints.redeemClaim.path, { body: { token } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.all });
    },
  });
}

export function useTransferPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ClaimDto>(endpoints.transferPass.path),
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        title: 'Your pass is ready to give',
        message: 'Copy its link or send it by email below. It is no longer yours.',
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.all });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Pass not given away',
        message: errorText(error, 'Please try again.'),
      });
    },
  });
}

/** Refunds one of an order's passes nobody took: its share of the order goes back to the card. */
export function useRefundClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number) =>
      api.post<ClaimRefund>(endpointPath(endpoints.refundClaim, { id: claimId })),
    onSuccess: async ({ refundedCents }) => {
      notifications.show({
        color: 'green',
        title: 'Pass refunded',
        message: `${formatMoney(refundedCents / 100, { cents: true })} goes back to the card you paid with. Its link no longer works.`,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.claims });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Pass not refunded',
        message: errorText(error, 'Please try again.'),
      });
    },
  });
}
