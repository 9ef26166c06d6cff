import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { ClaimDto, ClaimRefund, SendClaimRequest } from '#shared/claims.ts';
import { formatMoney } from '#shared/money.ts';
import { endpoints, endpointPath } from '#shared/endpoints.ts';
import type { PassDto } from '#shared/passes.ts';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * Passes for other people (docs/RULES.md rule 24): the member's claims, their links and emails,
 * taking a claim, and giving one's own unused pass away. The server decides every rule.
 */
export const claimsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.member.claims,
    queryFn: ({ signal }) => api.get<ClaimDto[]>(endpoints.userClaims.path, { signal }),
  });

export function useClaims(enabled: boolean) {
  return useQuery({ ...claimsQueryOptions(), enabled });
}

/** A fresh link for one open claim; the one before stops working. */
export function useClaimLink() {
  const intl = useMessages();
  return useMutation({
    mutationFn: (claimId: number) =>
      api.post<{ url: string }>(endpointPath(endpoints.claimLink, { id: claimId })),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'claims.linkFailedTitle', defaultMessage: 'No link made' }),
        message: errorText(
          error,
          intl.formatMessage({ id: 'claims.linkTryAgain', defaultMessage: 'Please try again.' }),
        ),
      });
    },
  });
}

export function useSendClaim() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, request }: { claimId: number; request: SendClaimRequest }) =>
      api.post<null>(endpointPath(endpoints.sendClaim, { id: claimId }), { body: request }),
    onSuccess: async (_answer, { request }) => {
      notifications.show({
        color: 'green',
        title: intl.formatMessage({ id: 'claims.sentTitle', defaultMessage: 'Pass sent' }),
        message: request.sendAt
          ? intl.formatMessage(
              {
                id: 'claims.sentLater',
                defaultMessage: 'It goes to {email} on the date you chose.',
              },
              { email: request.email },
            )
          : intl.formatMessage(
              { id: 'claims.sentNow', defaultMessage: 'It is on its way to {email}.' },
              { email: request.email },
            ),
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
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ClaimDto>(endpoints.transferPass.path),
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        title: intl.formatMessage({
          id: 'claims.givenTitle',
          defaultMessage: 'Your pass is ready to give',
        }),
        message: intl.formatMessage({
          id: 'claims.givenText',
          defaultMessage: 'Copy its link or send it by email below. It is no longer yours.',
        }),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.all });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'claims.giveFailedTitle',
          defaultMessage: 'Pass not given away',
        }),
        message: errorText(
          error,
          intl.formatMessage({ id: 'claims.giveTryAgain', defaultMessage: 'Please try again.' }),
        ),
      });
    },
  });
}

/** Refunds one of an order's passes nobody took: its share of the order goes back to the card. */
export function useRefundClaim() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number) =>
      api.post<ClaimRefund>(endpointPath(endpoints.refundClaim, { id: claimId })),
    onSuccess: async ({ refundedCents }) => {
      notifications.show({
        color: 'green',
        title: intl.formatMessage({ id: 'claims.refundedTitle', defaultMessage: 'Pass refunded' }),
        message: intl.formatMessage(
          {
            id: 'claims.refundedText',
            defaultMessage:
              '{amount} goes back to the card you paid with. Its link no longer works.',
          },
          { amount: formatMoney(refundedCents / 100, { cents: true, locale: intl.locale }) },
        ),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.claims });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'claims.refundFailedTitle',
          defaultMessage: 'Pass not refunded',
        }),
        message: errorText(
          error,
          intl.formatMessage({ id: 'claims.refundTryAgain', defaultMessage: 'Please try again.' }),
        ),
      });
    },
  });
}
