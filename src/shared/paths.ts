import { pageAddress, pages } from './pages.ts';
import { unsubscribePagePath } from './unsubscribe.ts';

/** Links to the site's pages (described in #shared/pages.ts), for the web app and the server. */
export const paths = {
  home: pages.home.path,
  /** The home page's sections (the spec's '/#shops'), as the phone drawer links them. */
  homeShops: `${pages.home.path}#shops`,
  homeFaq: `${pages.home.path}#faq`,
  battles: pages.battles.path,
  coffeeBattle: pages.coffeeBattle.path,
  results: (challengeId: number | string) => pageAddress(pages.results.path, { id: challengeId }),
  auth: pages.auth.path,
  authReset: pages.authReset.path,
  authVerifyEmail: pages.authVerifyEmail.path,
  business: (id: number | string) => pageAddress(pages.business.path, { id }),
  checkout: pages.checkout.path,
  sandboxCheckout: (sessionId: string) => pageAddress(pages.sandboxCheckout.path, { sessionId }),
  profile: pages.profile.path,
  claimPass: (token: string) => pageAddress(pages.claimPass.path, { token }),
  privacy: pages.privacy.path,
  sandboxMailbox: pages.sandboxMailbox.path,
  /** The email preferences page of an unsubscribe link, after `done` when a form was sent. */
  emailUnsubscribe: unsubscribePagePath,
  /** The sandbox mailbox opened on one address's mail. */
  sandboxMailboxOf: (email: string) =>
    `${pages.sandboxMailbox.path}?to=${encodeURIComponent(email)}`,
  admin: pages.admin.path,
  adminChallenges: pages.adminChallenges.path,
  adminBusinesses: pages.adminBusinesses.path,
  adminLeaderboard: pages.adminLeaderboard.path,
  adminSettlement: pages.adminSettlement.path,
  adminDraws: pages.adminDraws.path,
  adminRewards: pages.adminRewards.path,
  adminMessages: pages.adminMessages.path,
  cashierCard: (businessId: number | string) =>
    pageAddress(pages.cashierCard.path, { id: businessId }),
  shopPage: (token: string) => pageAddress(pages.shopPage.path, { token }),
  shopCard: (token: string) => pageAddress(pages.shopCard.path, { token }),
} as const;
