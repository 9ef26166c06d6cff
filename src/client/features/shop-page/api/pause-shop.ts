import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopPage } from '#shared/shop-side.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function pauseShop(token: string, paused: boolean): Promise<ShopPage> {
  return api.post<ShopPage>(endpointPath(endpoints.pauseShop, { token }), { body: { paused } });
}

/**
 * The shop pauses or resumes its own redemptions; the answer is the refreshed page. No toast:
 * the switch's own status line says what happened, where the finger already is (ShopPageView).
 */
export function usePauseShop(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => pauseShop(token, paused),
    onSuccess: (page) => queryClient.setQueryData(queryKeys.shopPage(token), page),
  });
}
