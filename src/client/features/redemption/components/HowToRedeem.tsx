import { StepsHelp } from '#client/components/StepsHelp.tsx';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** The 'How to Redeem Coupons' help: a button and a modal with the six steps. */
export function HowToRedeem() {
  const intl = useMessages();
  const credit = formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale });
  const steps = [
    intl.formatMessage({
      id: 'howToRedeem.visit',
      defaultMessage: 'Visit any participating shop during the challenge.',
    }),
    intl.formatMessage({ id: 'howToRedeem.order', defaultMessage: 'Order anything you like.' }),
    intl.formatMessage({
      id: 'howToRedeem.askCode',
      defaultMessage:
        'Tell the cashier you have a battle pass and ask for the 4-digit redemption code.',
    }),
    intl.formatMessage({
      id: 'howToRedeem.tapRedeem',
      defaultMessage: "Tap 'Redeem Coupon' on that shop's card under 'Your Pass'.",
    }),
    intl.formatMessage(
      {
        id: 'howToRedeem.enterCode',
        defaultMessage:
          'Enter the code and confirm: your {credit} credit is applied to your order.',
      },
      { credit },
    ),
    intl.formatMessage({
      id: 'howToRedeem.vote',
      defaultMessage: "Each redeemed coupon earns you one vote: cast it under 'Your Votes'.",
    }),
  ];
  return (
    <StepsHelp
      title={intl.formatMessage({
        id: 'howToRedeem.title',
        defaultMessage: 'How to Redeem Coupons',
      })}
      steps={steps}
    />
  );
}
