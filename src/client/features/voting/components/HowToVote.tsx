import { StepsHelp } from '#client/components/StepsHelp.tsx';
import { useMessages } from '#client/i18n/language.tsx';

/** The 'How to Vote' help: a button and a modal with the five steps. */
export function HowToVote() {
  const intl = useMessages();
  const steps = [
    intl.formatMessage({
      id: 'howToVote.redeem',
      defaultMessage: 'Redeem a coupon at a shop: each redeemed coupon earns one vote.',
    }),
    intl.formatMessage({
      id: 'howToVote.openVotes',
      defaultMessage: "Open 'Your Votes' to see how many votes you have available.",
    }),
    intl.formatMessage({
      id: 'howToVote.findShop',
      defaultMessage:
        "Find a shop under 'All Coffee Shops': you may vote for any shop, visited or not.",
    }),
    intl.formatMessage({
      id: 'howToVote.tapVote',
      defaultMessage:
        "Tap 'Vote' and confirm to give that shop your vote. Votes are final: they can't be changed.",
    }),
    intl.formatMessage({
      id: 'howToVote.follow',
      defaultMessage: 'Follow the standings: voting closes when the challenge ends.',
    }),
  ];
  return (
    <StepsHelp
      title={intl.formatMessage({ id: 'howToVote.title', defaultMessage: 'How to Vote' })}
      steps={steps}
    />
  );
}
