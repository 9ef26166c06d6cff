import { z } from 'zod';

/**
 * Free passes (docs/RULES.md rule 24, docs/decisions/0044): codes the organizer makes per battle
 * for press, judges and sponsors, each redeemed by up to its number of people for a pass with no
 * payment. Codes are compared in capitals, so a code typed in lower case still works.
 */

const VOUCHER_CODE_MESSAGE =
  'A voucher code has 4 to 32 letters, digits or dashes (for example PRESS-2026).';
const voucherCodeSchema = z
  .string({ error: VOUCHER_CODE_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,32}$/, VOUCHER_CODE_MESSAGE);

/** The most people one voucher may serve. */
const VOUCHER_MAX_USES = 10_000;
const maxUsesMessage = `Max uses must be a whole number from 1 to ${VOUCHER_MAX_USES}.`;

/** POST /api/admin/challenges/{id}/vouchers: without a code, the server draws one. */
export const voucherInputSchema = z.object({
  code: voucherCodeSchema.optional(),
  tag: z
    .string({ error: 'Tag is required (for example press, judge or sponsor).' })
    .trim()
    .min(1, 'Tag is required (for example press, judge or sponsor).')
    .max(40, 'A tag can be at most 40 characters.'),
  maxUses: z
    .number({ error: maxUsesMessage })
    .int(maxUsesMessage)
    .min(1, maxUsesMessage)
    .max(VOUCHER_MAX_USES, maxUsesMessage),
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time.' }).optional(),
});
export type VoucherInput = z.input<typeof voucherInputSchema>;

/** A voucher as the organizer sees it, with how many passes it gave. */
export const voucherSchema = z.object({
  id: z.number().int(),
  challengeId: z.number().int(),
  code: z.string(),
  tag: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VoucherDto = z.infer<typeof voucherSchema>;
export const voucherListSchema = z.array(voucherSchema);

/** POST /api/vouchers/redeem. */
export const redeemVoucherSchema = z.object({ code: voucherCodeSchema });

export const VOUCHER_NOT_FOUND = 'This voucher code is not valid. Check it and try again.';
export const VOUCHER_USED_UP = 'This voucher code has been used as many times as it allows.';
export const VOUCHER_OTHER_BATTLE =
  'This voucher code is for another battle, not the one whose passes are on offer now.';
export const VOUCHER_PASS_HELD =
  'You already have a battle pass for this battle, so the voucher was not used.';
export const VOUCHER_CODE_TAKEN = 'A voucher with this code already exists. Choose another code.';
/** cast_vote's answer to a voucher pass in a battle whose setting is off. */
export const VOUCHER_PASS_NO_VOTE =
  'This is a free pass from a voucher: in this battle it redeems coupons but does not vote.';
