import { pages } from '#shared/pages.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { ChangeEmailCard } from '#client/features/auth/components/ChangeEmailCard.tsx';
import { OrganizerMailSwitch } from '#client/features/messages/components/OrganizerMailSwitch.tsx';
import { ExplorerSwitch } from '#client/features/explorers/components/ExplorerSwitch.tsx';
import { MemberDataCard } from '#client/features/member-data/components/MemberDataCard.tsx';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { NoCurrentBattleView } from '#client/features/checkout/components/CheckoutViews.tsx';
import { useUserPass } from '#client/features/passes/api/get-user-pass.ts';
import { useMemberProgress } from '#client/lib/member-progress.ts';
import { ClaimsCard } from '#client/features/claims/components/ClaimsCard.tsx';
import { NoPassCard } from '#client/features/passes/components/NoPassCard.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { PassHolderView } from './profile-pass.tsx';

/** /profile: the member's pass, coupons and votes (docs/SPEC.md section 2), then the account's email, mail and data. Behind RequireUser. */
export default function ProfileRoute() {
  return (
    <>
      <ProfileSections />
      <PassesToGive />
      <ChangeEmailCard />
      <ExplorerSwitch />
      <OrganizerMailSwitch />
      <MemberDataCard />
    </>
  );
}

/** docs/RULES.md rule 24: a pass may be given away only before its first redeem (and so vote). */
function PassesToGive() {
  const { user } = useUser();
  const pass = useUserPass(user?.id ?? null);
  return pass.data?.active ? <PassesToGiveOfHolder /> : <ClaimsCard canGiveOwnPass={false} />;
}

function PassesToGiveOfHolder() {
  const progress = useMemberProgress();
  const unused = progress.data?.coupons.every((coupon) => !coupon.redeemed) === true;
  return <ClaimsCard canGiveOwnPass={unused} />;
}

function ProfileSections() {
  usePageMeta(pages.profile);
  const { user } = useUser();
  const challenge = useCurrentBattle();
  const pass = useUserPass(user?.id ?? null);
  const siteConfig = useSiteConfig();
  const phase = useChallengePhase(challenge.data);

  if (challenge.isPending || pass.isPending) return <PageLoader />;
  if (!challenge.data || !phase) return <NoCurrentBattleView />;
  if (!pass.data) {
    return (
      <NoPassCard
        challenge={challenge.data}
        phase={phase}
        testToolsEnabled={siteConfig?.testToolsEnabled ?? false}
      />
    );
  }
  return <PassHolderView />;
}
