import { expect, type Page } from '@playwright/test';

/**
 * Taps a shop's Vote on /profile's 'Your Votes' and confirms it: the page asks
 * once, naming the shop, before anything is sent.
 */
export async function voteFor(page: Page, shopName: string) {
  await page.getByRole('article', { name: shopName }).getByRole('button', { name: 'Vote' }).click();
  const confirm = page.getByRole('dialog', { name: `Give your vote to ${shopName}?` });
  await expect(confirm.getByText("Votes can't be changed.")).toBeVisible();
  await confirm.getByRole('button', { name: 'Give my vote' }).click();
  await expect(confirm).toBeHidden();
}

const redeemedConfirmation = (page: Page) => page.getByRole('dialog', { name: 'Coupon Redeemed' });

/**
 * Redeems a shop's coupon from the pass on /profile with the cashier's code, as a member does at
 * the counter, and answers the confirmation that follows.
 */
export async function redeemOnPass(page: Page, shopName: string, code: string) {
  await page
    .getByRole('article', { name: shopName })
    .getByRole('button', { name: 'Redeem Coupon' })
    .click();
  const redeem = page.getByRole('dialog', { name: 'Redeem Coupon' });
  await redeem.getByLabel('Redemption Code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem', exact: true }).click();
  return redeemedConfirmation(page);
}

/**
 * After a redemption the phone fills with what the cashier reads (the shop, $5, a ticking
 * clock); a few seconds later 'Vote now' opens 'Your Votes' on /profile.
 */
export async function voteNowAfterRedeeming(page: Page, shopName: string) {
  const confirmation = redeemedConfirmation(page);
  await expect(confirmation.getByText(shopName, { exact: true })).toBeVisible();
  await confirmation.getByRole('link', { name: 'Vote now' }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Your Votes', selected: true })).toBeVisible();
}

/** The same confirmation, closed with 'Done' to stay where the redemption was made. */
export async function closeRedeemedConfirmation(page: Page, shopName: string) {
  const confirmation = redeemedConfirmation(page);
  await expect(confirmation.getByText(shopName, { exact: true })).toBeVisible();
  await confirmation.getByRole('button', { name: 'Done' }).click();
  await expect(confirmation).toBeHidden();
}
