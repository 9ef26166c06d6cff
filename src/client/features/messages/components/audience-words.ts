import { defineMessages } from 'react-intl';
import type { Audience } from '#shared/messages.ts';

/** The audiences' names, as the composer offers them and the history lists them. */
export const audienceWords = defineMessages<Audience>({
  all: { id: 'messages.audience.all', defaultMessage: 'All pass holders' },
  'no-redemptions': {
    id: 'messages.audience.noRedemptions',
    defaultMessage: 'No coupon redeemed yet',
  },
  'unused-coupons': {
    id: 'messages.audience.unusedCoupons',
    defaultMessage: 'Coupons left to redeem',
  },
  'unused-votes': { id: 'messages.audience.unusedVotes', defaultMessage: 'Votes left to cast' },
});
