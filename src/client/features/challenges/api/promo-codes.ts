import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, endpointPath } from '#shared/endpoints.ts';
import type { PromoCodeDto, PromoCodeInput } from '#shared/promo-codes.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * Promo codes (docs/decisions/0044): the organizer's codes of one battle and making one. The
 * server decides every rule.
 */
export function usePromoCodes(challengeId: number) {
  return useQuery({
    queryKey: queryKeys.admin.promoCodes(challengeId),
    queryFn: ({ signal }) =>
      api.get<PromoCodeDto[]>(endpointPath(endpoints.adminPromoCodes, { id: challengeId }), {
        signal,
      }),
  });
}

export function useCreatePromoCode(challengeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromoCodeInput) =>
      api.post<PromoCodeDto>(endpointPath(endpoints.createPromoCode, { id: challengeId }), {
        body: input,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.promoCodes(challengeId) });
    },
  });
}
