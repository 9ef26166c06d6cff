import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberProgress } from '#shared/progress.ts';
import type { RedeemRefusal, RedeemResult } from '#shared/redemption.ts';
import type { IntlShape } from 'react-intl';
import { api, ApiError, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function redeemCoupon(input: {
  couponId: number;
  redemptionCode: string;
  /** The optional answer to 'First time at {shop}?'; left out when not given. */
  firstVisit?: boolean | undefined;
}): Promise<RedeemResult> {
  const { couponId: _coupon, ...body } = input;
  return api.post<RedeemResult>(endpointPath(endpoints.redeem, { id: input.couponId }), { body });
}

/** The server's message for a refused code; the dialog shows it beside the field. */
export function redemptionErrorText(error: unknown, intl: IntlShape): string {
  return errorText(
    error,
    intl.formatMessage({ id: 'redeemDialog.failed', defaultMessage: 'Failed to redeem coupon' }),
  );
}

/**
 * After a wrong code, how many more the pass may give before the lock (the server's count,
 * docs/RULES.md rule 3); null for any other refusal.
 */
export function triesLeftText(error: unknown, intl: IntlShape): string | null {
  if (!(error instanceof ApiError)) return null;
  const { triesLeft } = (error.body ?? {}) as Partial<RedeemRefusal>;
  if (typeof triesLeft !== 'number') return null;
  return triesLeft > 0
    ? intl.formatMessage(
        {
          id: 'redeemDialog.triesLeft',
          defaultMessage:
            '{count, plural, one {# try} other {# tries}} left before redeeming locks',
        },
        { count: triesLeft },
      )
    : intl.formatMessage({
        id: 'redeemDialog.noTriesLeft',
        defaultMessage: 'No tries left: redeeming is locked for a while',
      });
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
                ? {
                    ...coupon,
                    redeemed: true,
                    redeemedAt: result.coupon.redeemedAt,
                    enteredAt: result.coupon.enteredAt,
                    syncedAt: result.coupon.syncedAt,
                    offlineRefusal: null,
                  }
                : coupon,
            ),
            availableVotes: result.availableVotes,
          },
      );
    },
    // The dialog answers both: a full-screen confirmation for a redemption (no toast over it), a
    // refusal (wrong code, lockout, paused shop) inside the open dialog.
  });
}
