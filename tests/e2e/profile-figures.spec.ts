import type { Page, Request, Response } from '@playwright/test';
import { PROFILE_POLL_MS } from '#shared/constants.ts';
import { rankOf } from '#shared/ranking.ts';
import { seededCode } from './credentials.ts';
import {
  expect,
  isPhone,
  navigation,
  registerViaAuthPage,
  test,
  uniqueName,
  showAllShops,
} from './fixtures.ts';
import { closeRedeemedConfirmation, voteFor } from './vote.ts';

const VISITED = 'Honest Bean Roasters';
/** The one request /profile makes every 2 s. */
const PROGRESS = 'GET /api/user/progress';

/** Every API request the page makes from now on, as 'METHOD /path'. */
function recordApiRequests(page: Page) {
  const seen: string[] = [];
  const record = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) seen.push(`${request.method()} ${pathname}`);
  };
  page.on('request', record);
  return {
    seen,
    /** What was asked besides the profile's own refresh. */
    besidesPolling: () => seen.filter((entry) => entry !== PROGRESS),
    stop: () => page.off('request', record),
  };
}

/**
 * A new member signs up (landing on the home page, whose public vote counts the app now holds),
 * opens their profile from the header and creates a test pass there. Returns those counts.
 */
async function newPassHolderOnProfile(page: Page) {
  const username = uniqueName('figures');
  const countsAnswer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/votes',
  );
  await registerViaAuthPage(page, username);
  await expect(page).toHaveURL('/');
  const counts = (await (await countsAnswer).json()) as Record<string, number>;
  await expect(page.getByRole('article').first()).toBeVisible();

  const links = await navigation(page);
  await links.getByRole('link', { name: isPhone(page) ? 'My Profile' : username }).click();
  await page.getByRole('button', { name: 'Create Test Pass For This Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();
  return counts;
}

test('a redeem and a vote show the server’s new figures without refetching, and the rank badges follow', async ({
  page,
}) => {
  const before = await newPassHolderOnProfile(page);
  const shopIds = Object.fromEntries(
    (
      (await (await page.request.get('/api/businesses')).json()) as { id: number; name: string }[]
    ).map((shop) => [shop.name, shop.id]),
  );
  const visitedId = String(shopIds[VISITED]);

  const redeeming = recordApiRequests(page);
  const card = page.getByRole('article', { name: VISITED });
  await card.getByRole('button', { name: 'Redeem Coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem Coupon' });
  await dialog.getByLabel('Redemption Code').fill(seededCode(VISITED));
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(card.getByText('Redeemed')).toBeVisible();
  await expect(page.getByText(/^1 of \d+ coupons redeemed$/)).toBeVisible();
  redeeming.stop();
  expect(redeeming.besidesPolling()).toEqual([
    `POST /api/coupons/${await couponIdOf(page, VISITED)}/redeem`,
  ]);

  await closeRedeemedConfirmation(page, VISITED);
  await page.getByRole('tab', { name: 'Your Votes' }).click();
  await expect(page.getByText('1 vote available')).toBeVisible();
  const voteCard = page.getByRole('article', { name: VISITED });
  await expect(voteCard.getByText('Visited', { exact: true })).toBeVisible();

  const voting = recordApiRequests(page);
  await voteFor(page, VISITED);
  await expect(page.getByText('Vote Submitted', { exact: true })).toBeVisible();
  await expect(page.getByText('0 votes available')).toBeVisible();
  await expect(
    page.getByRole('article', { name: `Your votes for ${VISITED}` }).getByText('1 vote'),
  ).toBeVisible();
  await expect(voteCard.getByRole('button', { name: 'Voted' })).toBeDisabled();
  // Anything a vote set off (a refetch of the old four endpoints, of the public counts) has
  // started by now.
  await page.waitForTimeout(500);
  voting.stop();
  expect(voting.besidesPolling()).toEqual(['POST /api/vote']);

  // Back home within the app: the cached public counts gained the vote, so the rank badge
  // shows it at once.
  const after = { ...before, [visitedId]: (before[visitedId] ?? 0) + 1 };
  const votes = after[visitedId]!;
  const rank = rankOf(votes, Object.values(after));
  await page.getByRole('link', { name: 'Local Battles' }).click();
  await expect(page).toHaveURL('/');
  await showAllShops(page);
  await expect(
    page
      .getByRole('article', { name: VISITED })
      .getByLabel(`Rank ${rank}, ${votes} ${votes === 1 ? 'vote' : 'votes'}`),
  ).toHaveText(`#${rank}`);
});

/** The coupon's id, from the member's own coupons (the spec's call, which names each shop). */
async function couponIdOf(page: Page, shop: string) {
  const coupons = (await (await page.request.get('/api/user/coupons')).json()) as {
    id: number;
    business: { name: string };
  }[];
  const coupon = coupons.find((candidate) => candidate.business.name === shop);
  if (!coupon) throw new Error(`no coupon for ${shop}`);
  return coupon.id;
}

test('the profile refreshes with one request a tick', async ({ page }) => {
  await newPassHolderOnProfile(page);
  await expect(page.getByText(/^0 of \d+ coupons redeemed$/)).toBeVisible();
  await page.getByRole('tab', { name: 'Your Votes' }).click();
  await expect(page.getByText('0 votes available')).toBeVisible();

  const polling = recordApiRequests(page);
  // Nothing of the member changed: each refresh asks with the answer's validator and is a 304
  // without a body (docs/decisions/0032), and the page keeps showing what it holds.
  const statuses: number[] = [];
  const recordStatus = (response: Response) => {
    if (new URL(response.url()).pathname === '/api/user/progress') statuses.push(response.status());
  };
  page.on('response', recordStatus);
  await page.waitForTimeout(PROFILE_POLL_MS * 2 + 500);
  polling.stop();
  page.off('response', recordStatus);
  expect(polling.besidesPolling()).toEqual([]);
  expect(polling.seen.length).toBeGreaterThanOrEqual(2);
  expect(polling.seen.length).toBeLessThanOrEqual(3);
  expect(statuses.length).toBeGreaterThanOrEqual(2);
  expect(new Set(statuses)).toEqual(new Set([304]));
  await expect(page.getByText('0 votes available')).toBeVisible();
});

test('the profile’s dialogs have a close button that says what it does', async ({ page }) => {
  await newPassHolderOnProfile(page);

  const dialogs: [opener: string, dialog: string, tab: string][] = [
    ['How to Redeem Coupons', 'How to Redeem Coupons', 'Your Pass'],
    ['Redeem Coupon', 'Redeem Coupon', 'Your Pass'],
    ['How to Vote', 'How to Vote', 'Your Votes'],
  ];
  for (const [opener, name, tab] of dialogs) {
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('button', { name: opener, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name, exact: true });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});
