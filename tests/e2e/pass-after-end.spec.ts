import type { Browser, Page } from '@playwright/test';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { MemberProgress } from '#shared/progress.ts';
import { E2E_ADMIN, seededCode } from './credentials.ts';
import {
  activeChallenge,
  controlledByServiceWorker,
  createShop,
  expect,
  expectAccessible,
  registerWithPass,
  resetClock,
  serviceWorkerActive,
  signIn,
  test,
  testAllowingPageErrors,
  uniqueName,
  withoutLaterBattles,
} from './fixtures.ts';

/*
 * Issue 38 items 1 and 5: the member's pass tells the truth after the battle's end (and flips at
 * the end instant without a reload), and offline a shop's page and 'View Details' show what the
 * device already holds, with one offline sentence instead of one per coupon.
 */

const VISITED = 'Honest Bean Roasters';
const OTHER = 'Rocket City Espresso';
const REDEEM_SAVED_OFFLINE =
  "You are offline: a code you redeem is saved, and counts when you're back online.";

/** A prize draw of the running battle that every pass with a redeemed coupon wins. */
async function drawEveryoneWins(browser: Browser, baseURL: string | undefined, id: number) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  const prize = uniqueName('A bag of beans ');
  const created = await admin.request.post(`/api/admin/challenges/${String(id)}/draws`, {
    data: { prize, winnerCount: 1000, entries: 'passes' },
  });
  expect(created.status()).toBe(201);
  const { id: drawId } = (await created.json()) as { id: number };
  return {
    prize,
    async reveal() {
      const revealed = await admin.request.post(`/api/admin/draws/${String(drawId)}/reveal`, {
        data: {},
      });
      expect(revealed.status()).toBe(200);
    },
    close: () => context.close(),
  };
}

/** Redeems the member's coupon at the seeded shop and votes for it, through the API. */
async function redeemAndVote(page: Page, shopName: string) {
  const shops = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
  const shop = shops.find((each) => each.name === shopName);
  const progress = (await (await page.request.get('/api/user/progress')).json()) as MemberProgress;
  const coupon = progress.coupons.find((each) => each.businessId === shop?.id);
  if (!shop || !coupon) throw new Error(`no coupon for ${shopName}`);
  const redeemed = await page.request.post(`/api/coupons/${String(coupon.id)}/redeem`, {
    data: { redemptionCode: seededCode(shopName) },
  });
  expect(redeemed.status()).toBe(200);
  const voted = await page.request.post('/api/vote', { data: { businessId: shop.id } });
  expect(voted.status()).toBe(200);
  return progress.coupons.length;
}

test('at the end instant the pass turns into its summary: Not used, no Redeem, no Next stop, the draw won and the results', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerWithPass(page);
  const shopsOnPass = await redeemAndVote(page, VISITED);
  const challenge = await activeChallenge(page.request);
  const draw = await drawEveryoneWins(browser, baseURL, challenge.id);
  const schedule = await withoutLaterBattles(browser, challenge);
  const end = Date.parse(challenge.endDate);

  try {
    // A minute before the end on both clocks; the page's then jumps past it, with no reload.
    const moved = await page.request.post('/api/testing/clock', {
      data: { offsetMs: end - 60_000 - Date.now() },
    });
    expect(moved.status()).toBe(200);
    await page.clock.install({ time: end - 60_000 });
    await page.goto('/profile');
    const unused = page.getByRole('article', { name: OTHER });
    const visited = page.getByRole('article', { name: VISITED });
    await expect(unused.getByRole('button', { name: 'Redeem Coupon' })).toBeVisible();
    await expect(unused.getByText('Available', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Next stop' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your battle summary' })).toHaveCount(0);

    await page.clock.fastForward(2 * 60_000);
    const summary = page.getByRole('region', { name: 'Your battle summary' });
    await expect(summary).toBeVisible();
    await expect(unused.getByText('Not used', { exact: true })).toBeVisible();
    await expect(unused.getByText('Available', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Next stop' })).toHaveCount(0);
    await expect(visited.getByText('Redeemed', { exact: true })).toBeVisible();
    // The summary leads the tab: before the coupons.
    const summaryBox = await summary.boundingBox();
    const couponsBox = await page.getByRole('heading', { name: 'Your Coupons' }).boundingBox();
    expect(summaryBox && couponsBox && summaryBox.y < couponsBox.y).toBe(true);
    await expect(summary).toContainText(`Shops visited: 1 of ${String(shopsOnPass)}`);
    await expect(summary).toContainText('Votes cast: 1');
    await expect(summary.getByRole('link', { name: 'See the results' })).toHaveAttribute(
      'href',
      `/battles/${String(challenge.id)}/results`,
    );
    await expect(
      summary.getByText(`${draw.prize}: drawn within a minute of the end.`),
    ).toBeVisible();

    // The server passes the end too, the draw is revealed, and the page asks again until it is.
    const ended = await page.request.post('/api/testing/clock', {
      data: { offsetMs: end + 60_000 - Date.now() },
    });
    expect(ended.status()).toBe(200);
    await draw.reveal();
    await page.clock.fastForward(20_000);
    await expect(summary.getByText(`You won ${draw.prize}!`)).toBeVisible();
    await page.screenshot({
      path: `.tmp/screens/pass-after-end-${test.info().project.name}.png`,
      fullPage: true,
    });
    await expectAccessible(page);

    // Reloaded after the end, the page is drawn so from the first HTML.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your battle summary' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
    await expect(
      page.getByRole('article', { name: OTHER }).getByText('Not used', { exact: true }),
    ).toBeVisible();
    // The shop's own page offers no redeem after the end either.
    const shops = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
    await page.goto(`/business/${String(shops.find((shop) => shop.name === OTHER)?.id)}`);
    await expect(page.getByText('Not used: this battle has ended.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
  } finally {
    await resetClock(page);
    await schedule.restore();
    await draw.close();
  }
});

// The browser logs its own failed requests offline; the page's errors are the test's business.
testAllowingPageErrors(
  "offline, 'View Details' and a shop's page show what the device holds, and the pass says once that a code redeemed now is saved",
  async ({ page, context }) => {
    await registerWithPass(page);
    await serviceWorkerActive(page);
    await page.goto('/profile');
    await controlledByServiceWorker(page);
    await expect(
      page.getByRole('article', { name: VISITED }).getByRole('button', { name: 'Redeem Coupon' }),
    ).toBeEnabled();
    const shops = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
    const other = shops.find((shop) => shop.name === OTHER);
    if (!other) throw new Error(`no ${OTHER}`);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();
    await expect(page.getByText(/^Offline — last updated /)).toBeVisible();
    // One sentence for the whole pass, not one per coupon; Redeem saves the code (docs/decisions/0042).
    await expect(page.getByText(REDEEM_SAVED_OFFLINE)).toHaveCount(1);
    await expect(
      page.getByRole('article', { name: VISITED }).getByRole('button', { name: 'Redeem Coupon' }),
    ).toBeEnabled();

    // 'View Details' of a coupon whose details were never fetched: the shop the pass holds.
    await page
      .getByRole('article', { name: VISITED })
      .getByRole('button', { name: 'View Details' })
      .click();
    const details = page.getByRole('dialog', { name: VISITED });
    await expect(
      details.getByText('You are offline: these are the details this device last saved.'),
    ).toBeVisible();
    await expect(details.getByText('112 Clinton Ave W, Huntsville, AL 35801')).toBeVisible();
    await expect(details.getByRole('link', { name: '(256) 555-0101' })).toBeVisible();
    await expect(details.getByText('Monday - Friday: 6:30am - 8:00pm')).toBeVisible();
    await expect(page.getByText(/Could not fetch/)).toHaveCount(0);

    // Its shop page, never opened online: drawn by the app from the shops it holds.
    await details.getByRole('link', { name: 'Open shop page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: VISITED })).toBeVisible();
    await expect(page.getByText('112 Clinton Ave W, Huntsville, AL 35801')).toBeVisible();
    await expect(page.getByText(REDEEM_SAVED_OFFLINE)).toBeVisible();
    await expect(page.getByText('Coffee shop not found')).toHaveCount(0);

    // Another shop's page opened offline from its address.
    await page.goto(`/business/${String(other.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: OTHER })).toBeVisible();
    await expect(page.getByText(other.address)).toBeVisible();
    await expect(page.getByRole('row', { name: /Monday - Friday/ })).toBeVisible();
    await expect(page.getByText(/^Offline/)).toBeVisible();
    await expect(page.getByText('Coffee shop not found')).toHaveCount(0);
    await expect(page.getByText('Error Loading Coffee Shop')).toHaveCount(0);
    await context.setOffline(false);
  },
);

test('a paused shop’s coupon offers no Redeem, on the pass and on the shop’s page', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerWithPass(page);
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  // A shop of its own: the pass gets its coupon (docs/RULES.md rule 7), the seeded ones stay open.
  const shop = await createShop(admin, 'Paused Pour ');
  const pause = (paused: boolean) =>
    admin.request.patch(`/api/admin/businesses/${String(shop.id)}`, { data: { paused } });
  expect((await pause(true)).status()).toBe(200);
  try {
    // The public shops answer is cached for a second on the server.
    await expect
      .poll(async () => {
        const held = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
        return held.find((each) => each.id === shop.id)?.paused;
      })
      .toBe(true);
    await page.goto('/profile');
    const coupon = page.getByRole('article', { name: shop.name });
    await expect(coupon.getByText('Temporarily not accepting coupons')).toBeVisible();
    await expect(coupon.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
    await expect(
      page.getByRole('article', { name: VISITED }).getByRole('button', { name: 'Redeem Coupon' }),
    ).toBeEnabled();
    await page.goto(`/business/${String(shop.id)}?redeem=1`);
    await expect(page.getByText('Temporarily not accepting coupons')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Redeem Coupon' })).toHaveCount(0);
  } finally {
    await admin.request.delete(`/api/admin/businesses/${String(shop.id)}`);
    await context.close();
  }
});
