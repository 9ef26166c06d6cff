import { defineMessage, type MessageDescriptor } from 'react-intl';

/**
 * A sandbox decline reason (#shared/payments.ts SANDBOX_DECLINE_REASONS) in words, on the payment
 * page's list and on /checkout?status=error; any other reason the address carries reads as
 * `text`, its underscores as spaces.
 */
export const declineReasonMessage: MessageDescriptor = defineMessage({
  id: 'checkout.declineReason',
  defaultMessage:
    '{reason, select, Card_declined {Card declined} Insufficient_funds {Insufficient funds} Expired_card {Expired card} Processing_error {Processing error} other {{text}}}',
});

export const declineReasonValues = (reason: string) => ({
  reason,
  text: reason.replaceAll('_', ' '),
});
