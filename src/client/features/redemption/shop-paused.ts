import { defineMessage } from 'react-intl';

/** What members see at a shop whose redemptions are paused. */
export const shopPausedMessage = defineMessage({
  id: 'coupon.shopPaused',
  defaultMessage: 'Temporarily not accepting coupons',
});
