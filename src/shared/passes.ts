import { defineMessages, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { sourceIntl } from './source-intl.ts';

export const passSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  challengeId: z.number().int(),
  purchaseDate: z.string(),
  active: z.boolean(),
  /** Why the pass was switched off (a refund or a dispute), shown to its holder. */
  inactiveReason: z.string().nullable(),
});
export type PassDto = z.infer<typeof passSchema>;

/**
 * Why a payment's reversal switched its passes off: stored with the pass (`inactive_reason`) in
 * the code's English, shown to its holder and mailed to them.
 */
export const INACTIVE_REASONS = {
  refunded: 'Your payment was refunded, so this pass is no longer active.',
  disputed: 'Your payment is disputed with your card issuer, so this pass is no longer active.',
} as const;

const inactiveReasonMessages = defineMessages({
  refunded: {
    id: 'passes.inactiveReason.refunded',
    defaultMessage: 'Your payment was refunded, so this pass is no longer active.',
  },
  disputed: {
    id: 'passes.inactiveReason.disputed',
    defaultMessage:
      'Your payment is disputed with your card issuer, so this pass is no longer active.',
  },
});

/**
 * A pass's stored inactive reason in the page's (or mail's) language: a reason the code stores
 * (INACTIVE_REASONS) in its words, any other text as it was stored.
 */
export function inactiveReasonText(stored: string, intl: IntlShape = sourceIntl()): string {
  const known = (Object.keys(INACTIVE_REASONS) as (keyof typeof INACTIVE_REASONS)[]).find(
    (key) => INACTIVE_REASONS[key] === stored,
  );
  return known ? intl.formatMessage(inactiveReasonMessages[known]) : stored;
}
