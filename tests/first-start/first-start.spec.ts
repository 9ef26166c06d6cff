import fs from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { voteFor, voteNowAfterRedeeming } from '../e2e/vote.ts';
import { FIRST_START_DIR } from './paths.ts';

const SHOP = 'Honest Bean Roasters';

/** The organizer account `npm start` printed when it seeded the empty database (README). */
function printedOrganizer() {
  const output = fs.readFileSync(`${FIRST_START_DIR}/output.txt`, 'utf8');
  const username = /username:\s*(\S+)/.exec(output)?.[1];
  const password = /password:\s*(\S+)/.exec(output)?.[1];
  if (!username || !password) throw new Error(`npm start printed no organizer:\n${output}`);
  return { username, password };
}

test("README's first start: the shops are in the first HTML, a member buys in the sandbox, redeems and votes", async ({
  page,
  browser,
}) => {
  // The server renders the home page with the seeded shops (npm start builds the renderer too).
  const home = await page.request.get('/');
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain(SHOP);

  // A visitor on a phone creates an account on /checkout and pays on the sandbox page.
  const username = `member${Date.now().toString(36)}`;
  await page.goto('/checkout');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Full Name').fill('First Start');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'Purchase Battle Pass' }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  // The organizer signs in with what npm start printed and reads the shop's code, as they would
  // to print its cashier card.
  const organizerContext = await browser.newContext({ ...devices['Desktop Chrome'] });
  const organizer = await organizerContext.newPage();
  const { username: organizerName, password } = printedOrganizer();
  await organizer.goto('/auth');
  await organizer.getByLabel('Username').fill(organizerName);
  await organizer.getByLabel('Password', { exact: true }).fill(password);
  await organizer.getByRole('button', { name: 'Log In' }).click();
  await expect(organizer.getByText(`Welcome back, ${organizerName}!`)).toBeVisible();
  await organizer.goto('/admin/businesses');
  const code = (
    await organizer
      .getByRole('row')
      .filter({ hasText: SHOP })
      .getByText(/^\d{4}$/)
      .first()
      .textContent()
  )?.trim();
  expect(code).toMatch(/^\d{4}$/);
  await organizerContext.close();

  // At the counter: the member redeems the shop's coupon with the cashier's code, then votes.
  await page.goto('/profile');
  await page
    .getByRole('article', { name: SHOP })
    .getByRole('button', { name: 'Redeem Coupon' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Redeem Coupon' });
  await dialog.getByLabel('Redemption Code').fill(code!);
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByRole('article', { name: SHOP }).getByText('Redeemed')).toBeVisible();

  await voteNowAfterRedeeming(page, SHOP);
  await expect(page.getByText('1 vote available')).toBeVisible();
  await voteFor(page, SHOP);
  await expect(page.getByText(`Your vote for ${SHOP} has been recorded.`)).toBeVisible();
  await expect(page.getByText('0 votes available')).toBeVisible();
});
