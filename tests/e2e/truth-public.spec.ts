import type { Browser, Page } from '@playwright/test';
import type { AdminBusiness, PublicBusiness } from '#shared/businesses.ts';
import { formatInstant } from '#shared/date-range.ts';
import { formatMoney, passWorthDollars } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { E2E_ADMIN } from './credentials.ts';
import {
  activeChallenge,
  expect,
  expectAccessible,
  moveClocks,
  registerViaAuthPage,
  resetClock,
  showAllShops,
  signIn,
  test,
  uniqueName,
  withoutLaterBattles,
} from './fixtures.ts';

/**
 * Public pages that tell the truth: the pass's worth from the live shops (docs/RULES.md rule 21),
 * an ended battle that sells nothing and points onward, paused shops marked, a way to buy a pass
 * from a shop's QR link, and checkout times in the battle's own zone. Each point is checked at
 * 390x844 (the phone project) and 1280x800 (desktop).
 */

const HOUR_MS = 60 * 60 * 1000;

test.beforeEach(async ({ page }) => {
  if (test.info().project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/truth-${name}-${test.info().project.name}.png` });
}

async function publicShops(page: Page): Promise<PublicBusiness[]> {
  return (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
}

/** The organizer, in a browser of their own, so the visitor's page keeps no session. */
async function organizer(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  return admin;
}

async function addShop(admin: Page, name: string, fields: object = {}): Promise<AdminBusiness> {
  const { id: challengeId } = await activeChallenge(admin.request);
  const created = await admin.request.post('/api/admin/businesses', {
    data: {
      challengeId,
      name,
      description: `${name} pours for the battle.`,
      address: '1 Truth Way, Huntsville, AL',
      ...fields,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as AdminBusiness;
}

test("the pass's worth is the live shops times the coupon, and follows a shop added and removed", async ({
  page,
  browser,
  baseURL,
}) => {
  const challenge = await activeChallenge(page.request);
  const count = (await publicShops(page)).length;
  const worth = (shops: number) =>
    `${formatMoney(passWorthDollars(shops))} in free coffee for one pass`;
  const promo = page.getByRole('region', { name: 'Get Your Battle Pass' });

  await page.goto('/');
  await expect(promo.getByText(worth(count), { exact: true })).toBeVisible();
  await expect(promo.getByText(formatMoney(challenge.price), { exact: true })).toBeVisible();
  await expect(promo.getByText('About 30 days to visit every shop')).toBeVisible();
  await expect(page.getByText(/Over \$50/)).toHaveCount(0);
  await promo.scrollIntoViewIfNeeded();
  await shoot(page, 'worth');

  const admin = await organizer(browser, baseURL);
  const shop = await addShop(admin, uniqueName('Worth Brew '));
  try {
    // The public list is cached for a second on the server.
    await expect.poll(async () => (await publicShops(page)).length).toBe(count + 1);
    await page.reload();
    await expect(promo.getByText(worth(count + 1), { exact: true })).toBeVisible();
    await page.goto(paths.checkout);
    await expect(
      page.getByText(
        `${count + 1} shops included: ${formatMoney(passWorthDollars(count + 1))} in coupons`,
      ),
    ).toBeVisible();
    await shoot(page, 'worth-checkout');
  } finally {
    expect((await admin.request.delete(`/api/admin/businesses/${shop.id}`)).status()).toBe(204);
    await admin.context().close();
  }
  // A deleted shop is worth nothing to the pass.
  await expect.poll(async () => (await publicShops(page)).length).toBe(count);
  await page.goto('/');
  await expect(promo.getByText(worth(count), { exact: true })).toBeVisible();
});

test("an ended battle's home leads to its results and says whether a next battle is planned, selling nothing", async ({
  page,
  browser,
}) => {
  const coffee = await activeChallenge(page.request);
  // The seed publishes the battles after it; this journey starts with none planned.
  const schedule = await withoutLaterBattles(browser, coffee);
  const next = schedule.later[0];
  if (!next) throw new Error('the seed has no battle after the coffee battle');

  try {
    await moveClocks(page, Date.parse(coffee.endDate) - Date.now() + HOUR_MS);
    for (const path of [paths.home, paths.coffeeBattle]) {
      await page.goto(path);
      const results = page.getByRole('region', { name: 'Results' });
      await expect(results.getByRole('heading', { name: 'This battle has ended' })).toBeVisible();
      await expect(results.getByRole('link', { name: 'See the full results' })).toHaveAttribute(
        'href',
        paths.results(coffee.id),
      );
      await expect(results.getByText('No next battle is planned yet.')).toBeVisible();
      // Nothing is sold: no price card, no buy button anywhere.
      await expect(page.getByRole('heading', { name: 'Get Your Battle Pass' })).toHaveCount(0);
      await expect(page.getByText(formatMoney(coffee.price), { exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Buy/ })).toHaveCount(0);
    }
    await shoot(page, 'ended-home');

    // The organizers publish the next battle: the ended one's results page leads to it.
    await schedule.publish(next, true);
    await expect.poll(async () => (await activeChallenge(page.request)).id).toBe(next.id);
    await page.goto(paths.results(coffee.id));
    const link = page.getByRole('link', { name: `Next battle: ${next.title}` });
    await expect(link).toBeVisible();
    await expect(
      page.getByText(`Starts ${formatInstant(next.startDate, next.timeZone)}`),
    ).toBeVisible();
    await shoot(page, 'ended-next');
    await link.click();
    await expect(page).toHaveURL(paths.home);
    await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible();
    const saleAlert = page.getByRole('region', { name: 'Tell me when passes go on sale' });
    await expect(saleAlert.getByRole('button', { name: 'Tell Me' })).toBeVisible();
    // Not on sale before its start.
    await expect(page.getByRole('link', { name: /Buy/ })).toHaveCount(0);
    await shoot(page, 'next-upcoming');
  } finally {
    await resetClock(page);
    await schedule.restore();
  }
});

test('a paused shop is marked in the public list and on its page, the badge whole on a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await organizer(browser, baseURL);
  const name = uniqueName('Paused Pour Roastery and Bakehouse ');
  const shop = await addShop(admin, name, { paused: true });
  try {
    await expect
      .poll(async () => (await publicShops(page)).some((each) => each.id === shop.id))
      .toBe(true);
    await page.goto('/');
    await showAllShops(page);
    const card = page.getByRole('article', { name });
    const badge = card.getByRole('note', { name: 'Paused: not accepting coupons right now' });
    await expect(badge).toHaveText('Paused');
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'paused-list');
    // Shops taking coupons carry no badge.
    const [first] = await publicShops(page);
    await expect(
      page.getByRole('article', { name: first?.name }).getByRole('note', { name: /Paused/ }),
    ).toHaveCount(0);

    await page.goto(paths.business(shop.id));
    const pageBadge = page.getByRole('note', { name: 'Paused: not accepting coupons right now' });
    await expect(pageBadge).toHaveText('Paused');
    const viewport = page.viewportSize();
    const box = await pageBadge.boundingBox();
    if (!viewport || !box) throw new Error('no viewport or badge box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // Neither the badge nor its label is cut off (no ellipsis, nothing hidden).
    const clipped = await pageBadge.evaluate((element) =>
      [element, ...Array.from(element.querySelectorAll('*'))].some(
        (each) => each.scrollWidth > each.clientWidth,
      ),
    );
    expect(clipped).toBe(false);
    await shoot(page, 'paused-page');
    await expectAccessible(page);
  } finally {
    await admin.request.delete(`/api/admin/businesses/${shop.id}`);
    await admin.context().close();
  }
});

test("a shop's QR link offers 'Buy a pass' beside 'Sign in' to a visitor, and to a member without a pass", async ({
  page,
}) => {
  const [shop] = await publicShops(page);
  if (!shop) throw new Error('the seed has no shop');
  const qrLink = `${paths.business(shop.id)}?redeem=1`;

  await page.goto(qrLink);
  await expect(page.getByRole('link', { name: 'Sign in to redeem' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy a pass' })).toHaveAttribute(
    'href',
    paths.checkout,
  );
  await shoot(page, 'qr-visitor');
  await expectAccessible(page);

  await registerViaAuthPage(page, uniqueName('nopass'));
  await expect(page).toHaveURL(paths.home);
  await page.goto(qrLink);
  await expect(page.getByText('You need a Battle Pass to redeem a coupon here.')).toBeVisible();
  await shoot(page, 'qr-member');
  await page.getByRole('link', { name: 'Buy a pass' }).click();
  await expect(page).toHaveURL(paths.checkout);
  await expect(page.getByRole('button', { name: 'Purchase Battle Pass' })).toBeVisible();
});

test("checkout states its times on the battle's clock, naming the zone", async ({ page }) => {
  const challenge = await activeChallenge(page.request);
  const end = formatInstant(challenge.endDate, challenge.timeZone);
  expect(end).toMatch(/ C[SD]T$/);

  await page.goto(paths.checkout);
  await expect(page.getByText(`Redeem and vote until ${end}`)).toBeVisible();
  await shoot(page, 'checkout-running');

  try {
    await moveClocks(page, Date.parse(challenge.startDate) - Date.now() - HOUR_MS);
    await page.goto(paths.checkout);
    const alert = page.getByRole('alert').filter({ hasText: 'This challenge has not started yet' });
    await expect(alert).toContainText(
      `Passes go on sale when it starts on ${formatInstant(challenge.startDate, challenge.timeZone)}.`,
    );
    await shoot(page, 'checkout-upcoming');
  } finally {
    await resetClock(page);
  }
});
