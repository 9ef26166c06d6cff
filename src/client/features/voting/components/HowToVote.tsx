import { StepsHelp } from '#client/components/StepsHelp.tsx';

const steps = [
  'Redeem a coupon at a shop: each redeemed coupon earns one vote.',
  "Open 'Your Votes' to see how many votes you have available.",
  "Find a shop under 'All Coffee Shops': you may vote for any shop, visited or not.",
  "Tap 'Vote' and confirm to give that shop your vote. Votes are final: they can't be changed.",
  'Follow the standings: voting closes when the challenge ends.',
];

/** The 'How to Vote' help: a button and a modal with the five steps. */
export function HowToVote() {
  return <StepsHelp title="How to Vote" steps={steps} />;
}
