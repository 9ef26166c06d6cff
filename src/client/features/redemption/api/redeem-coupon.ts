import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { MemberProgress } from '#shared/progress.ts';
import type { RedeemResult } from '#shared/redemption.ts';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export function redeemCoupon(input: {
  couponId: number;
  redemptionCode: string;
  /** The optional answer to 'First time at {shop}?'; left out when not given. */
  firstVisit?: boolean | undefined;
}): Promise<RedeemResult> {
  const { couponId: _coupon, ...body } = input;
  return api.post<RedeemResult>(`/api/coupons/${input.couponId}/redeem`, { body });
}

/** The server's message for a refused code; the dialog shows it beside the field. */
export function redemptionErrorText(error: unknown): string {
  return errorText(error, 'Failed to redeem coupon');
}

/**
 * Redeems with the cashier's code; the server alone checks it (docs/RULES.md rule 3). Its
 * answer carries the redeemed coupon and the votes now available: both are written into the
 * member's progress instead of refetched. A refusal changes nothing.
 */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSuccess: async (result) => {
      // A refresh that started before the redemption must not land after its answer.
      await queryClient.cancelQueries({ queryKey: queryKeys.member.progress });
      queryClient.setQueryData<MemberProgress>(
        queryKeys.member.progress,
        (progress) =>
          progress && {
            ...progress,
            coupons: progress.coupons.map((coupon) =>
              coupon.id === result.coupon.id
                ? { ...coupon, redeemed: true, redeemedAt: result.coupon.redeemedAt }
                : coupon,
            ),
            availableVotes: result.availableVotes,
          },
      );
      notifications.show({ color: 'teal', title: 'Coupon Redeemed', message: result.message });
    },
    // A refusal (wrong code, lockout, paused shop) shows inside the open dialog, not as a toast.
  });
}
