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
