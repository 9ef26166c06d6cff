/** What members see at a shop whose redemptions are paused. */
export const SHOP_PAUSED_TEXT = 'Temporarily not accepting coupons';
