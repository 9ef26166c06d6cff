import type { Page } from '@playwright/test';
import { rankOf } from '#shared/ranking.ts';
import { E2E_ADMIN, seededCode } from './credentials.ts';
import {
  expect,
  registerViaAuthPage,
  signIn,
  test,
  uniqueName,
  expectAccessible,
  showAllShops,
} from './fixtures.ts';
import { closeRedeemedConfirmation, voteFor, voteNowAfterRedeeming } from './vote.ts';

const wrongCodeFor = (shop: string) =>
  seededCode(shop)
    .split('')
    .map((digit, index) => (index === 0 ? String((Number(digit) + 1) % 10) : digit))
    .join('');

const FIRST = 'Honest Bean Roasters';
const SECOND = 'Rocket City Espresso';
const UNVISITED = 'Big Spring Coffee House';

async function redeem(page: Page, shop: string, code: string) {
  const dialog = page.getByRole('dialog', { name: 'Redeem Coupon' });
  if (!(await dialog.isVisible())) {
    await page
      .getByRole('article', { name: shop })
      .getByRole('button', { name: 'Redeem Coupon' })
      .click();
  }
  const input = dialog.getByLabel('Redemption Code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await input.fill(code);
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
}

test('a pass holder redeems at two shops, votes twice and the organizer sees the standings', async ({
  page,
  consoleErrors,
}) => {
  const username = uniqueName('voter');
  await registerViaAuthPage(page, username);
  await expect(page.getByText(`Welcome to Local Battles, ${username}!`)).toBeVisible();

  // The pass comes from the testing tool (sandbox mode); the purchase has its own journey.
  const created = await page.request.post('/api/testing/create-pass');
  expect(created.status()).toBe(201);
  const before = (await (await page.request.get('/api/votes')).json()) as Record<string, number>;
  const shopIds = Object.fromEntries(
    (
      (await (await page.request.get('/api/businesses')).json()) as { id: number; name: string }[]
    ).map((shop) => [shop.name, shop.id]),
  );

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();
  const shopCount = Object.keys(shopIds).length;
  await expect(page.getByText(`0 of ${shopCount} coupons redeemed`)).toBeVisible();
  await expectAccessible(page);

  // A wrong code first: refused inline in the dialog (no toast over it), the coupon stays available.
  await redeem(page, FIRST, wrongCodeFor(FIRST));
  const dialog = page.getByRole('dialog', { name: 'Redeem Coupon' });
  await expect(dialog.getByText('Invalid redemption code')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid redemption code' })).toHaveCount(
    0,
  );
  // The browser logs the refused request itself; that one 400 is what this step expects.
  const refused = consoleErrors.findIndex((text) => text.includes('status of 400'));
  expect(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused, 1);
  await redeem(page, FIRST, seededCode(FIRST));
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Your $5 coupon at ${FIRST} has been redeemed.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: FIRST }).getByText('Redeemed')).toBeVisible();
  await closeRedeemedConfirmation(page, FIRST);

  await redeem(page, SECOND, seededCode(SECOND));
  await expect(page.getByRole('article', { name: SECOND }).getByText('Redeemed')).toBeVisible();
  await expect(page.getByText(`2 of ${shopCount} coupons redeemed`)).toBeVisible();
  await expect(
    page.getByText(`${Math.round((2 / shopCount) * 100)}%`, { exact: true }),
  ).toBeVisible();

  // Two votes: one for a visited shop, one for a shop not visited.
  await voteNowAfterRedeeming(page, SECOND);
  await expect(page.getByText('2 votes available')).toBeVisible();
  const firstCard = page.getByRole('article', { name: FIRST });
  await expect(firstCard.getByText('Visited', { exact: true })).toBeVisible();
  // A tap alone casts nothing: the page asks first, naming the shop, and Cancel sends nothing.
  const votesSent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/vote'))
      votesSent.push(request.url());
  });
  await firstCard.getByRole('button', { name: 'Vote' }).click();
  const confirm = page.getByRole('dialog', { name: `Give your vote to ${FIRST}?` });
  await expect(confirm.getByText("Votes can't be changed.")).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('2 votes available')).toBeVisible();
  expect(votesSent).toEqual([]);
  // 'How to Vote' says votes are final.
  await page.getByRole('button', { name: 'How to Vote' }).click();
  await expect(page.getByRole('dialog', { name: 'How to Vote' })).toContainText(
    "Votes are final: they can't be changed.",
  );
  await page.keyboard.press('Escape');

  await voteFor(page, FIRST);
  await expect(page.getByText(`Your vote for ${FIRST} has been recorded.`)).toBeVisible();
  expect(votesSent).toHaveLength(1);
  await expect(page.getByText('1 vote available')).toBeVisible();
  // One vote per shop in this challenge: no 'Vote Again' for it.
  await expect(firstCard.getByRole('button', { name: 'Voted' })).toBeDisabled();

  const unvisitedCard = page.getByRole('article', { name: UNVISITED });
  await expect(unvisitedCard.getByText('Not Visited')).toBeVisible();
  await voteFor(page, UNVISITED);
  await expect(page.getByText('0 votes available')).toBeVisible();
  await expect(
    page.getByRole('article', { name: `Your votes for ${FIRST}` }).getByText('1 vote'),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: `Your votes for ${UNVISITED}` }).getByText('1 vote'),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: SECOND }).getByRole('button', { name: 'Vote' }),
  ).toBeDisabled();
  await expectAccessible(page);

  // The home page ranks the shops by the new totals (docs/RULES.md rule 10), once the public
  // read cache (one second) has turned over.
  await page.waitForTimeout(1100);
  const after = (await (await page.request.get('/api/votes')).json()) as Record<string, number>;
  expect(after[String(shopIds[FIRST])]).toBe((before[String(shopIds[FIRST])] ?? 0) + 1);
  const firstVotes = after[String(shopIds[FIRST])]!;
  const expectedRank = rankOf(firstVotes, Object.values(after));
  await page.goto('/');
  await showAllShops(page);
  await expect(
    page
      .getByRole('article', { name: FIRST })
      .getByLabel(`Rank ${expectedRank}, ${firstVotes} ${firstVotes === 1 ? 'vote' : 'votes'}`),
  ).toHaveText(`#${expectedRank}`);

  // The organizer's leaderboard shows the new totals.
  await page.context().clearCookies();
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/leaderboard');
  await expect(
    page.getByRole('heading', { name: 'Huntsville Coffee Battles Leaderboard' }),
  ).toBeVisible();
  const rankings = page.getByRole('table');
  for (const shop of [FIRST, UNVISITED]) {
    const expected = (before[String(shopIds[shop])] ?? 0) + 1;
    await expect(
      rankings.getByRole('row').filter({ hasText: shop }).getByRole('cell').nth(2),
    ).toHaveText(String(expected));
  }
  const total = Object.values(before).reduce((a, b) => a + b, 0) + 2;
  await expect(page.getByText(`Total votes: ${total}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Challenge' })).toHaveValue(
    'Huntsville Coffee Battles (Active)',
  );
  await expectAccessible(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Top Coffee Shops' })).toBeVisible();
  await expect(page.getByText(/\d+ days? remaining/)).toBeVisible();
  await expectAccessible(page);
});
