import type { APIRequestContext, Browser } from '@playwright/test';
import { rankOf } from '#shared/ranking.ts';
import { E2E_ADMIN, isSeededShop, seededCode } from './credentials.ts';
import { expect, signIn, test, uniqueName, showAllShops } from './fixtures.ts';

type Counts = Record<string, number>;

/** A member who bought a pass and redeemed the coupon at `shop`, all through the API. */
async function voterFor(browser: Browser, baseURL: string, shop: { id: number; name: string }) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const request = context.request;
  const username = uniqueName('live');
  expect(
    (
      await request.post('/api/register', {
        data: {
          username,
          email: `${username}@example.com`,
          fullName: 'Live Voter',
          password: 'password123',
        },
      })
    ).status(),
  ).toBe(201);
  expect((await request.post('/api/testing/create-pass')).status()).toBe(201);
  const progress = (await (await request.get('/api/user/progress')).json()) as {
    coupons: { id: number; businessId: number }[];
  };
  const coupon = progress.coupons.find((each) => each.businessId === shop.id)!;
  expect(
    (
      await request.post(`/api/coupons/${coupon.id}/redeem`, {
        data: { redemptionCode: seededCode(shop.name) },
      })
    ).status(),
  ).toBe(200);
  return { request, close: () => context.close() };
}

const countsOf = async (request: APIRequestContext) =>
  (await (await request.get('/api/votes')).json()) as Counts;

test('a vote shows on the organizer leaderboard and the home badges of other browsers without a reload', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const organizerContext = await browser.newContext({ baseURL: origin });
  const visitorContext = await browser.newContext({ baseURL: origin });
  const organizer = await organizerContext.newPage();
  const visitor = await visitorContext.newPage();

  const shops = (await (await visitor.request.get('/api/businesses')).json()) as {
    id: number;
    name: string;
  }[];
  // The last of the demo seed's shops: only theirs have codes the journey knows.
  const shop = shops.filter((each) => isSeededShop(each.name)).at(-1)!;
  const voter = await voterFor(browser, origin, shop);
  const before = (await countsOf(visitor.request))[String(shop.id)] ?? 0;

  await signIn(organizer, E2E_ADMIN.username, E2E_ADMIN.password);
  await organizer.goto('/admin/leaderboard');
  const row = organizer.getByRole('table').getByRole('row').filter({ hasText: shop.name });
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(before), { timeout: 30_000 });

  await visitor.goto('/');
  // The first visit of a run can be slow on a loaded machine.
  await expect(visitor.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  await showAllShops(visitor);
  await expect(visitor.getByRole('article', { name: shop.name })).toBeVisible();

  // While the stream is live the leaderboard is not polled.
  let leaderboardFetches = 0;
  organizer.on('request', (request) => {
    if (request.url().includes('/api/admin/leaderboard')) leaderboardFetches += 1;
  });
  await organizer.waitForTimeout(6_000);
  expect(leaderboardFetches).toBe(0);

  expect((await voter.request.post('/api/vote', { data: { businessId: shop.id } })).status()).toBe(
    200,
  );
  const votes = before + 1;

  // Neither page is reloaded: the organizer's cell and the visitor's badge follow the stream.
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(votes), { timeout: 30_000 });
  await expect.poll(async () => (await countsOf(visitor.request))[String(shop.id)]).toBe(votes);
  const rank = rankOf(votes, Object.values(await countsOf(visitor.request)));
  await expect(
    visitor
      .getByRole('article', { name: shop.name })
      .getByLabel(`Rank ${rank}, ${votes} ${votes === 1 ? 'vote' : 'votes'}`),
  ).toHaveText(`#${rank}`, { timeout: 30_000 });

  await voter.close();
  await organizerContext.close();
  await visitorContext.close();
});
