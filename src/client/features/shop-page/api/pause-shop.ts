import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { ShopPage } from '#shared/shop-side.ts';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export function pauseShop(token: string, paused: boolean): Promise<ShopPage> {
  return api.post<ShopPage>(`/api/shop/${encodeURIComponent(token)}/pause`, { body: { paused } });
}

/** The shop pauses or resumes its own redemptions; the answer is the refreshed page. */
export function usePauseShop(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => pauseShop(token, paused),
    onSuccess: (page) => {
      queryClient.setQueryData(queryKeys.shopPage(token), page);
      notifications.show(
        page.paused
          ? {
              title: 'Redemptions Paused',
              message: 'Members see that you are not accepting coupons.',
            }
          : {
              color: 'teal',
              title: 'Redemptions Resumed',
              message: 'Members can redeem coupons again.',
            },
      );
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Could not change the pause switch',
        message: errorText(error, 'Failed to update the shop'),
      });
    },
  });
}
