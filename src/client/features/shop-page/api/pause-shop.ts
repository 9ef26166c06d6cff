import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopPage } from '#shared/shop-side.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export function pauseShop(token: string, paused: boolean): Promise<ShopPage> {
  return api.post<ShopPage>(`/api/shop/${encodeURIComponent(token)}/pause`, { body: { paused } });
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
