import { expect, type Page } from '@playwright/test';

/** The pass's words the helpers below find things by: English unless a journey gives another. */
export interface PassWords {
  vote: string;
  confirmVote: (shopName: string) => string;
  votesFinal: string;
  giveMyVote: string;
  redeemCoupon: string;
  redemptionCode: string;
  redeem: string;
  couponRedeemed: string;
  voteNow: string;
  yourVotes: string;
  done: string;
}

export const ENGLISH_PASS_WORDS: PassWords = {
  vote: 'Vote',
  confirmVote: (shopName) => `Give your vote to ${shopName}?`,
  votesFinal: "Votes can't be changed.",
  giveMyVote: 'Give my vote',
  redeemCoupon: 'Redeem Coupon',
  redemptionCode: 'Redemption Code',
  redeem: 'Redeem',
  couponRedeemed: 'Coupon Redeemed',
  voteNow: 'Vote now',
  yourVotes: 'Your Votes',
  done: 'Done',
};

/**
 * Taps a shop's Vote on /profile's 'Your Votes' and confirms it: the page asks
 * once, naming the shop, before anything is sent.
 */
export async function voteFor(page: Page, shopName: string, words = ENGLISH_PASS_WORDS) {
  await page
    .getByRole('article', { name: shopName })
    .getByRole('button', { name: words.vote })
    .click();
  const confirm = page.getByRole('dialog', { name: words.confirmVote(shopName) });
  await expect(confirm.getByText(words.votesFinal)).toBeVisible();
  await confirm.getByRole('button', { name: words.giveMyVote }).click();
  await expect(confirm).toBeHidden();
}

const redeemedConfirmation = (page: Page, words: PassWords) =>
  page.getByRole('dialog', { name: words.couponRedeemed });

/**
 * Redeems a shop's coupon from the pass on /profile with the cashier's code, as a member does at
 * the counter, and answers the confirmation that follows.
 */
export async function redeemOnPass(
  page: Page,
  shopName: string,
  code: string,
  words = ENGLISH_PASS_WORDS,
) {
  await page
    .getByRole('article', { name: shopName })
    .getByRole('button', { name: words.redeemCoupon })
    .click();
  const redeem = page.getByRole('dialog', { name: words.redeemCoupon });
  await redeem.getByLabel(words.redemptionCode).fill(code);
  await redeem.getByRole('button', { name: words.redeem, exact: true }).click();
  return redeemedConfirmation(page, words);
}

/**
 * After a redemption the phone fills with what the cashier reads (the shop, $5, a ticking
 * clock); a few seconds later 'Vote now' opens 'Your Votes' on /profile.
 */
export async function voteNowAfterRedeeming(
  page: Page,
  shopName: string,
  words = ENGLISH_PASS_WORDS,
) {
  const confirmation = redeemedConfirmation(page, words);
  await expect(confirmation.getByText(shopName, { exact: true })).toBeVisible();
  await confirmation.getByRole('link', { name: words.voteNow }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByRole('tab', { name: words.yourVotes, selected: true })).toBeVisible();
}

/** The same confirmation, closed with 'Done' to stay where the redemption was made. */
export async function closeRedeemedConfirmation(
  page: Page,
  shopName: string,
  words = ENGLISH_PASS_WORDS,
) {
  const confirmation = redeemedConfirmation(page, words);
  await expect(confirmation.getByText(shopName, { exact: true })).toBeVisible();
  await confirmation.getByRole('button', { name: words.done }).click();
  await expect(confirmation).toBeHidden();
}
