import type { QueryClient } from '@tanstack/react-query';
import { claimsQueryOptions } from '#client/features/claims/api/claims.ts';
import { memberDrawsQueryOptions } from '#client/features/draws/api/pass-draws.ts';
import { explorerSettingQueryOptions } from '#client/features/explorers/api/explorers.ts';
import { mailPreferencesQueryOptions } from '#client/features/messages/api/messages.ts';
import { publicMilestonesQueryOptions } from '#client/features/milestones/api/milestones.ts';
import { userPassQueryOptions } from '#client/features/passes/api/get-user-pass.ts';
import { currentBattleQueryOptions } from '#client/lib/current-battle.ts';
import { memberProgressQueryOptions } from '#client/lib/member-progress.ts';
import { businessesQueryOptions } from '#client/lib/public-businesses.ts';
import { siteConfigQueryOptions } from '#client/lib/site-config.ts';

/**
 * What /profile asks for, read ahead by the server's render (src/client/entry-server.tsx): the
 * page asks in steps (the pass and the battle, then its coupons and shops, then the battle's
 * milestones), and each step cost the render one more drawing of the whole page. Read here at
 * once, the page is drawn once to check it asks for nothing more, then once for its HTML. What
 * it does not ask for is not sent; what this misses, the render still finds, one drawing later.
 */
export async function readProfileAhead(queryClient: QueryClient, userId: number): Promise<void> {
  const [battle] = await Promise.all([
    queryClient.fetchQuery(currentBattleQueryOptions()).catch(() => null),
    queryClient.prefetchQuery(userPassQueryOptions(userId)),
    queryClient.prefetchQuery(siteConfigQueryOptions()),
    queryClient.prefetchQuery(claimsQueryOptions()),
    queryClient.prefetchQuery(explorerSettingQueryOptions()),
    queryClient.prefetchQuery(mailPreferencesQueryOptions()),
    queryClient.prefetchQuery(memberProgressQueryOptions()),
    queryClient.prefetchQuery(businessesQueryOptions()),
    queryClient.prefetchQuery(memberDrawsQueryOptions()),
  ]);
  if (battle) await queryClient.prefetchQuery(publicMilestonesQueryOptions(battle.id));
}
