import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, endpointPath } from '#shared/endpoints.ts';
import type { VoucherDto, VoucherInput } from '#shared/vouchers.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * Free passes (docs/RULES.md rule 24): the organizer's vouchers of one battle and making one. The
 * server decides every rule.
 */
export function useVouchers(challengeId: number) {
  return useQuery({
    queryKey: queryKeys.admin.vouchers(challengeId),
    queryFn: ({ signal }) =>
      api.get<VoucherDto[]>(endpointPath(endpoints.adminVouchers, { id: challengeId }), {
        signal,
      }),
  });
}

export function useCreateVoucher(challengeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VoucherInput) =>
      api.post<VoucherDto>(endpointPath(endpoints.createVoucher, { id: challengeId }), {
        body: input,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.vouchers(challengeId) });
    },
  });
}
