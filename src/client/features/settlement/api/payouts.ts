import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { formatMoney } from '#shared/money.ts';
import type { Payout, PayoutCreateInput, PayoutVoidInput } from '#shared/settlement.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

const payoutsUrl = (challengeId: number) => endpointPath(endpoints.payouts, { id: challengeId });

export function getPayouts(challengeId: number, signal?: AbortSignal): Promise<Payout[]> {
  return api.get<Payout[]>(payoutsUrl(challengeId), { signal });
}

export function recordPayout(challengeId: number, body: PayoutCreateInput): Promise<Payout> {
  return api.post<Payout>(payoutsUrl(challengeId), { body });
}

export const payoutsQueryOptions = (challengeId: number) =>
  queryOptions({
    queryKey: queryKeys.admin.payouts(challengeId),
    queryFn: ({ signal }) => getPayouts(challengeId, signal),
    // Another organizer may pay meanwhile: show the payouts of this visit.
    staleTime: 0,
  });

/** The payouts to a challenge's shops, newest first; idle without a challenge. */
export function usePayouts(challengeId: number | null) {
  return useQuery({ ...payoutsQueryOptions(challengeId ?? 0), enabled: challengeId !== null });
}

/** A payout changes the settlement, the payouts list and the dashboard's money at a glance. */
async function refreshAccounts(queryClient: QueryClient, challengeId: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.settlement(challengeId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.payouts(challengeId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard }),
  ]);
}

/** Records a payout; the settlement's paid and owed figures and the payouts list refresh. */
export function useRecordPayout(challengeId: number) {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: (variables: PayoutCreateInput & { shopName: string }) => {
      const { shopName: _name, ...body } = variables;
      return recordPayout(challengeId, body);
    },
    onSuccess: async (payout, { shopName }) => {
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'payouts.recorded', defaultMessage: 'Payout Recorded' }),
        message: intl.formatMessage(
          { id: 'payouts.recordedText', defaultMessage: '{amount} paid to {shop}.' },
          { amount: formatMoney(payout.amountDollars, { locale: intl.locale }), shop: shopName },
        ),
      });
      await refreshAccounts(queryClient, challengeId);
    },
    onError: async (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'payouts.notRecorded',
          defaultMessage: 'Payout Not Recorded',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'payouts.recordFailed',
            defaultMessage: 'Failed to record the payout',
          }),
        ),
      });
      // What is owed may have changed (another organizer paid): show the current figures.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.settlement(challengeId) });
    },
  });
}

/**
 * Voids a payout recorded in error (docs/decisions/0033): it stays listed with the reason, and the
 * shop is owed its amount again. Voiding twice answers the first void.
 */
export function useVoidPayout(challengeId: number) {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: ({ payoutId, reason }: PayoutVoidInput & { payoutId: number; shopName: string }) =>
      api.post<Payout>(`${payoutsUrl(challengeId)}/${payoutId}/void`, { body: { reason } }),
    onSuccess: async (payout, { shopName }) => {
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'payouts.voided', defaultMessage: 'Payout Voided' }),
        message: intl.formatMessage(
          {
            id: 'payouts.voidedText',
            defaultMessage: '{amount} to {shop} no longer counts as paid.',
          },
          { amount: formatMoney(payout.amountDollars, { locale: intl.locale }), shop: shopName },
        ),
      });
      await refreshAccounts(queryClient, challengeId);
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'payouts.notVoided', defaultMessage: 'Payout Not Voided' }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'payouts.voidFailed',
            defaultMessage: 'Failed to void the payout',
          }),
        ),
      });
    },
  });
}
