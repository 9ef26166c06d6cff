import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { INVALID_REDEMPTION_CODE, type RedeemResult } from '#shared/redemption.ts';
import { api, errorText, isApiError } from '#client/lib/api.ts';
import { MEMBER_SCOPE } from '#client/lib/query-client.ts';

export function redeemCoupon(input: {
  couponId: number;
  redemptionCode: string;
}): Promise<RedeemResult> {
  return api.post<RedeemResult>(`/api/coupons/${input.couponId}/redeem`, {
    body: { redemptionCode: input.redemptionCode },
  });
}

/** The server's message for a refused code; the dialog shows it beside the field. */
export function redemptionErrorText(error: unknown): string {
  return errorText(error, 'Failed to redeem coupon');
}

/**
 * Redeems with the cashier's code; the server alone checks it (rule 3). A redeemed coupon
 * earns a vote, so every member answer (coupons, votes) is refreshed.
 */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSuccess: (result) => {
      notifications.show({ color: 'teal', title: 'Coupon Redeemed', message: result.message });
    },
    onError: (error) => {
      const invalid = isApiError(error, 400) && error.serverMessage === INVALID_REDEMPTION_CODE;
      notifications.show({
        color: 'red',
        title: invalid ? 'Redemption Failed' : 'Error Redeeming Coupon',
        message: redemptionErrorText(error),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [MEMBER_SCOPE] }),
  });
}
