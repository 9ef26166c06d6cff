import { StepsHelp } from '#client/components/StepsHelp.tsx';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';

const steps = [
  'Visit any participating shop during the challenge.',
  'Order anything you like.',
  'Tell the cashier you have a battle pass and ask for the 4-digit redemption code.',
  "Tap 'Redeem Coupon' on that shop's card under 'Your Pass'.",
  `Enter the code and confirm: your ${formatMoney(COUPON_VALUE_DOLLARS)} credit is applied to your order.`,
  "Each redeemed coupon earns you one vote: cast it under 'Your Votes'.",
];

/** The 'How to Redeem Coupons' help: a button and a modal with the six steps. */
export function HowToRedeem() {
  return <StepsHelp title="How to Redeem Coupons" steps={steps} />;
}
