import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#shared/endpoints.ts';
import type { PassDto } from '#shared/passes.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * Free passes (docs/RULES.md rule 24): a member redeems an organizer's voucher code. The server
 * decides every rule.
 */
/** Redeems a code: afterwards the member's pass and progress are theirs to read. */
export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<PassDto>(endpoints.redeemVoucher.path, { body: { code } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.all });
    },
  });
}
