import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { Dashboard, LeaderboardPage } from '#shared/admin.ts';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { CouponDto } from '#shared/redemption.ts';
import { formatMoney } from '#shared/money.ts';
import { INVALID_REDEMPTION_CODE } from '#shared/redemption.ts';
import { E2E_ADMIN } from './credentials.ts';
import {
  activeChallenge,
  createShop,
  expect,
  isPhone,
  registerWithPass,
  resetClock,
  signIn,
  test,
  uniqueName,
} from './fixtures.ts';
import { VOTES_CSV_COLUMNS } from '#tests/helpers/votes-file.ts';

/**
 * The shops' side: the organizer's cashier card, shop links and settlement, a shop's own page,
 * and a member redeeming through the card's QR link. Each journey adds its own shops to the
 * seeded running challenge, so the journeys do not depend on each other.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past the 10-minute grace window in which the previous period's code is still accepted. */
const AFTER_GRACE_MS = 11 * 60 * 1000;

async function openActions(page: Page, shop: AdminBusiness, item: string) {
  await page.getByRole('button', { name: `Actions for ${shop.name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Issues the shop's private link from /admin/businesses; returns the URL shown once. */
async function issueShopLink(page: Page, shop: AdminBusiness): Promise<string> {
  await page.goto('/admin/businesses');
  await openActions(page, shop, 'Shop Link');
  const dialog = page.getByRole('dialog', { name: 'Shop Link' });
  await dialog.getByRole('button', { name: 'Issue link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Shop link' });
  await expect(link).toHaveValue(/\/shop\/[A-Za-z0-9_-]{20,}$/);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  const url = await link.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return url;
}

/** The code on the shop's page under the given heading. */
async function codeOnShopPage(page: Page, heading: string): Promise<string> {
  const panel = page.getByRole('region', { name: heading });
  const code = panel.getByText(/^\d{4}$/);
  await expect(code).toBeVisible();
  return (await code.textContent()) ?? '';
}

/** A new member with a pass, in a browser of their own (same screen size). */
async function memberWithPass(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    baseURL: new URL(page.url()).origin,
  });
  const member = await context.newPage();
  await registerWithPass(member, uniqueName('shopper'));
  return member;
}

async function redeemInDialog(member: Page, code: string) {
  const dialog = member.getByRole('dialog', { name: 'Redeem Coupon' });
  await dialog.getByLabel('Redemption Code').fill(code);
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  return dialog;
}

/** A member redeems at the shop and votes for it, through the API (the UI has its journeys). */
async function redeemAndVote(browser: Browser, page: Page, shop: AdminBusiness) {
  const member = await memberWithPass(browser, page);
  const coupons = (await (await member.request.get('/api/user/coupons')).json()) as CouponDto[];
  const coupon = coupons.find((candidate) => candidate.businessId === shop.id);
  if (!coupon) throw new Error(`no coupon for ${shop.name}`);
  const redeemed = await member.request.post(`/api/coupons/${coupon.id}/redeem`, {
    data: { redemptionCode: shop.redemptionCode },
  });
  expect(redeemed.status()).toBe(200);
  const voted = await member.request.post('/api/vote', { data: { businessId: shop.id } });
  expect(voted.status()).toBe(200);
  await member.context().close();
}

/** Clicks a download link and reads the CSV it saves. */
async function downloadCsv(page: Page, linkName: string): Promise<Record<string, string>[]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: linkName }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const file = await download.path();
  return parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true });
}

/** The print dialog cannot be driven; a recorder (window.printed.count) stands in for it. */
async function recordPrinting(page: Page) {
  await page.addInitScript(() => {
    const printed = { count: 0 };
    Object.assign(window, { printed });
    window.print = () => {
      printed.count += 1;
    };
  });
}

test('an organizer opens a shop’s cashier card and prints it', async ({ page }) => {
  await recordPrinting(page);
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Card Cafe ');
  const challenge = await activeChallenge(page.request);

  await page.goto('/admin/businesses');
  await openActions(page, shop, 'Cashier Card');
  await expect(page).toHaveURL(`/admin/businesses/${shop.id}/card`);
  await expect(page).toHaveTitle(`Cashier Card: ${shop.name} - Admin Dashboard - Local Battles`);

  const card = page.getByRole('article', { name: 'Cashier card' });
  await expect(card.getByRole('heading', { name: shop.name, level: 1 })).toBeVisible();
  await expect(card.getByText(challenge.title)).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText([
    "Ask for the member's Battle Pass.",
    'Give them the code below.',
    'They enter it on their phone: done.',
  ]);
  await expect(card.getByText(shop.redemptionCode, { exact: true })).toBeVisible();
  const qr = card.getByRole('img', { name: `QR code: redeem a coupon at ${shop.name}` });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);

  await page.getByText('A5', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'A5' })).toBeChecked();
  await page.getByRole('button', { name: 'Print' }).click();
  expect(
    await page.evaluate(() => (window as unknown as { printed: { count: number } }).printed.count),
  ).toBe(1);

  // On paper: the card alone, without the site's header or the card's controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(card.getByText(shop.redemptionCode, { exact: true })).toBeVisible();
  await expect(qr).toBeVisible();
});

test('a member opens the QR link and redeems with the code from the shop page, which shows the redemption and the amount owed', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Linked Latte ');
  const shopUrl = await issueShopLink(page, shop);

  // The shop's page needs no account: the link is the key.
  await page.context().clearCookies();
  await page.goto(shopUrl);
  await expect(page.getByRole('heading', { name: shop.name, level: 1 })).toBeVisible();
  // The shop's own header: whose page this is, none of the member's buttons.
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Shop page', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Pass' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  const code = await codeOnShopPage(page, 'Redemption code');
  expect(code).toBe(shop.redemptionCode);
  await expect(page.getByRole('region', { name: 'Redeemed today' })).toContainText('0');
  await expect(page.getByText('No coupons redeemed here yet.')).toBeVisible();

  // The cashier card's QR code opens the shop with 'Redeem Coupon' ready.
  const member = await memberWithPass(browser, page);
  await member.goto(`/business/${shop.id}?redeem=1`);
  const dialog = member.getByRole('dialog', { name: 'Redeem Coupon' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(shop.name, { exact: true })).toBeVisible();
  // 'First time at …?' is one optional tap beside the code; the member says yes.
  const firstTime = dialog.getByRole('group', { name: `First time at ${shop.name}? (optional)` });
  await firstTime.getByRole('button', { name: 'Yes' }).click();
  await expect(firstTime.getByRole('button', { name: 'Yes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(firstTime.getByRole('button', { name: 'No' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await redeemInDialog(member, code);
  await expect(dialog).toBeHidden();
  await expect(member.getByText('You have redeemed your coupon here.')).toBeVisible();
  await expect(member).toHaveURL(`/business/${shop.id}`);
  await member.context().close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Redeemed today' })).toContainText('1');
  await expect(page.getByRole('region', { name: 'Redeemed this challenge' })).toContainText('1');
  const firstVisits = page.getByRole('region', { name: 'First visits' });
  await expect(firstVisits).toContainText('1');
  await expect(firstVisits).toHaveAccessibleDescription(
    'Coupons redeemed by members who said it was their first time at the shop.',
  );
  await expect(page.getByRole('region', { name: 'Paid to date' })).toContainText('$0');
  await expect(page.getByRole('region', { name: 'Owed now' })).toContainText('$5');
  const recent = page.getByRole('region', { name: 'Last redemptions' });
  await expect(recent.getByRole('row')).toHaveCount(2);
  // The shop's own visit number, never a pass number (docs/decisions/0030).
  await expect(recent.getByRole('cell', { name: 'Visit #1', exact: true })).toBeVisible();
  await expect(recent).not.toContainText('Pass #');
});

test('a shop pauses itself: members see it is not accepting coupons and cannot redeem', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Paused Pour ');
  const shopUrl = await issueShopLink(page, shop);
  const member = await memberWithPass(browser, page);

  await page.goto(shopUrl);
  const pauseSwitch = page.getByRole('switch', { name: 'Pause redemptions' });
  // The switch follows the server's answer, so it turns on once the pause is saved.
  await pauseSwitch.click();
  await expect(pauseSwitch).toBeChecked();
  await expect(page.getByText('Temporarily not accepting coupons')).toBeVisible();

  // The public shop answer is cached for a second on the server.
  await member.waitForTimeout(1100);
  await member.goto(`/business/${shop.id}?redeem=1`);
  await expect(member.getByText('Temporarily not accepting coupons')).toBeVisible();
  // A paused shop offers no redeem at all (issue 38).
  await expect(member.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
  await expect(member.getByRole('dialog', { name: 'Redeem Coupon' })).toBeHidden();
  await member.goto('/profile');
  const coupon = member.getByRole('article', { name: shop.name });
  await expect(coupon.getByText('Temporarily not accepting coupons')).toBeVisible();
  await expect(coupon.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
  await member.context().close();

  await pauseSwitch.click();
  await expect(pauseSwitch).not.toBeChecked();
  await expect(page.getByText('Temporarily not accepting coupons')).toBeHidden();
});

test("rotating code: yesterday's code is refused after the grace window and the shop page shows the new one", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Rotating Roast ');

  const shopUrl = await issueShopLink(page, shop);
  await page.goto('/admin/businesses');
  await openActions(page, shop, 'Edit');
  const form = page.getByRole('dialog', { name: 'Edit Business' });
  await form.getByText('Daily', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Daily' })).toBeChecked();
  // Before saving: the printed cards with the static code are about to stop working.
  await expect(form.getByText('Printed cards stop working')).toBeVisible();
  await expect(form).toContainText(
    `the static code ${shop.redemptionCode} is refused: cashier cards showing it no longer work`,
  );
  await form.getByRole('button', { name: 'Update Business' }).click();
  await expect(page.getByText('Business Updated')).toBeVisible();
  await expect(form.getByText('Code rotation is on')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Print new cashier card' })).toBeVisible();
  await page.screenshot({ path: `/tmp/payouts-rotation-on-${test.info().project.name}.png` });
  await form.getByRole('button', { name: 'Done' }).click();
  await expect(form).toBeHidden();

  await page.goto(shopUrl);
  const yesterdays = await codeOnShopPage(page, "Today's code");
  // The organizer's table shows the code the counter accepts now, the shop page's.
  await page.goto('/admin/businesses');
  const row = page.getByRole('row').filter({ hasText: shop.name });
  await expect(row).toContainText('Daily code');
  await expect(row).toContainText(/Changes at \w{3} \d{1,2}, 12:00\s?AM/);
  await expect(row.getByText(/^\d{4}$/)).toHaveText(yesterdays);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/payouts-admin-table-${test.info().project.name}.png` });
  await page.goto(shopUrl);

  const member = await memberWithPass(browser, page);
  try {
    const moved = await page.request.post('/api/testing/clock', {
      data: { offsetMs: DAY_MS + AFTER_GRACE_MS },
    });
    expect(moved.status()).toBe(200);

    await member.goto(`/business/${shop.id}?redeem=1`);
    const dialog = await redeemInDialog(member, yesterdays);
    await expect(dialog.getByText(INVALID_REDEMPTION_CODE)).toBeVisible();

    await page.reload();
    const todays = await codeOnShopPage(page, "Today's code");
    expect(todays).not.toBe(yesterdays);
    await redeemInDialog(member, todays);
    await expect(dialog).toBeHidden();
    await expect(member.getByText('You have redeemed your coupon here.')).toBeVisible();
  } finally {
    await resetClock(page);
    await member.context().close();
  }
});

// The settlement table's data cells after the shop's name: coupons, first visits, typed offline,
// free passes, earned, paid, owed now, votes. Phones hide all but paid and owed now, which stay in the DOM at
// these places.
const PAID_COLUMN = 5;
const OWED_COLUMN = 6;

test(
  'settlement: the CSV totals equal the redeemed coupons × $5 and what the page shows',
  { tag: '@desktop' },
  async ({ page, browser }) => {
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await redeemAndVote(browser, page, await createShop(page, 'Settled Sip '));

    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Settlement' })
      .click();
    await expect(page).toHaveTitle('Settlement - Admin Dashboard - Local Battles');
    const challenge = await activeChallenge(page.request);
    await expect(page.getByRole('combobox', { name: 'Challenge' })).toHaveValue(
      `${challenge.title} (Active)`,
    );

    const rows = await downloadCsv(page, 'Download settlement CSV');
    const total = rows.find((row) => row.shop_id === 'TOTAL' || row.shop === 'TOTAL');
    if (!total) throw new Error('no TOTAL row');
    const shops = rows.filter((row) => row !== total);
    expect(shops.length).toBeGreaterThan(0);
    for (const row of shops) {
      expect(Number(row.earned_usd)).toBe(Number(row.coupons_redeemed) * 5);
      expect(Number(row.owed_usd)).toBe(Number(row.earned_usd) - Number(row.paid_usd));
    }
    const redeemed = shops.reduce((sum, row) => sum + Number(row.coupons_redeemed), 0);
    expect(redeemed).toBeGreaterThan(0);
    expect(Number(total.coupons_redeemed)).toBe(redeemed);
    expect(Number(total.earned_usd)).toBe(redeemed * 5);
    expect(Date.parse(total.generated_at ?? '')).not.toBeNaN();

    // The page's totals row shows the same figures: paid and owed now on every screen.
    const money = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;
    const table = page.getByRole('table').first();
    const footer = table.locator('tfoot').getByRole('row');
    await expect(footer.getByRole('rowheader')).toHaveText('Total');
    // By column: phones hide coupons, first visits, earned and votes, leaving paid and owed now.
    const footerCells = footer.locator('td');
    await expect(footerCells.nth(PAID_COLUMN)).toBeVisible();
    await expect(footerCells.nth(PAID_COLUMN)).toHaveText(money(Number(total.paid_usd)));
    await expect(footerCells.nth(OWED_COLUMN)).toHaveText(money(Number(total.owed_usd)));
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(shops.length);
    // 'First visits', the shop page's word too, with its one line of explanation where it shows.
    if (!isPhone(page)) {
      await expect(table.getByRole('columnheader', { name: 'First visits' })).toBeVisible();
      await expect(
        table.getByText(
          'First visits: coupons redeemed by members who said it was their first time at the shop.',
        ),
      ).toBeVisible();
    }
  },
);

test("the votes CSV recounts to the leaderboard's numbers", async ({ page, browser }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Counted Cup ');
  await redeemAndVote(browser, page, shop);

  await page.goto('/admin/settlement');
  const votes = await downloadCsv(page, 'Download votes CSV');
  expect(Object.keys(votes[0] ?? {})).toEqual(VOTES_CSV_COLUMNS);
  const recount = new Map<number, number>();
  for (const vote of votes)
    recount.set(Number(vote.shop_id), (recount.get(Number(vote.shop_id)) ?? 0) + 1);
  expect(recount.get(shop.id)).toBe(1);

  const challenge = await activeChallenge(page.request);
  const answer = await page.request.get(`/api/admin/leaderboard?challengeId=${challenge.id}`);
  const { leaderboard } = (await answer.json()) as LeaderboardPage;
  if (!leaderboard) throw new Error('no leaderboard');
  expect(votes).toHaveLength(leaderboard.totalVotes);
  for (const standing of leaderboard.standings) {
    expect(recount.get(standing.businessId) ?? 0, standing.name).toBe(standing.votes);
  }
});

test('a shop prints its own cashier card from its page, without an account, and a rotating card says where the code is', async ({
  page,
}) => {
  await recordPrinting(page);
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Own Card Cafe ');
  const challenge = await activeChallenge(page.request);
  const shopUrl = await issueShopLink(page, shop);
  const organizer = page.request;

  // The shop's side: no session, only the link.
  await page.context().clearCookies();
  await page.goto(shopUrl);
  await page.getByRole('link', { name: 'Print cashier card' }).click();
  await expect(page).toHaveURL(`${new URL(shopUrl).pathname}/card`);
  await expect(page).toHaveTitle(`Cashier Card: ${shop.name} - Shop Page - Local Battles`);
  const card = page.getByRole('article', { name: 'Cashier card' });
  await expect(card.getByRole('heading', { name: shop.name, level: 1 })).toBeVisible();
  await expect(card.getByText(challenge.title)).toBeVisible();
  await expect(card.getByRole('listitem').nth(1)).toHaveText('Give them the code below.');
  await expect(card.getByText(shop.redemptionCode, { exact: true })).toBeVisible();
  await expect(
    card.getByRole('img', { name: `QR code: redeem a coupon at ${shop.name}` }),
  ).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByRole('button', { name: 'Print' }).click();
  expect(
    await page.evaluate(() => (window as unknown as { printed: { count: number } }).printed.count),
  ).toBe(1);

  // The organizer switches rotation on: the card sends the cashier to the shop page instead.
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const switched = await organizer.patch(`/api/admin/businesses/${shop.id}`, {
    data: { codeRotation: 'daily' },
  });
  expect(switched.status()).toBe(200);
  await page.context().clearCookies();
  await page.goto(`${shopUrl}/card`);
  await expect(card.getByText("Today's code is on your shop page")).toBeVisible();
  await expect(
    card.getByText('Keep your shop page bookmarked on the till: the code changes every day.'),
  ).toBeVisible();
  await expect(card.getByRole('listitem').nth(1)).toHaveText(
    "Give them today's code from your shop page.",
  );
  await expect(card).not.toContainText('below');
  await expect(card.getByText(/^\d{4}$/)).toHaveCount(0);
  await page.screenshot({ path: `/tmp/payouts-shop-card-${test.info().project.name}.png` });
});

test('an organizer records a payout in one dialog; the settlement and the shop page show paid and owed now', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Paid Press ');
  await redeemAndVote(browser, page, shop);
  await redeemAndVote(browser, page, shop);
  const shopUrl = await issueShopLink(page, shop);

  await page.goto('/admin/settlement');
  const row = page.getByRole('table').first().getByRole('row').filter({ hasText: shop.name });
  await expect(row).toContainText('$10');
  await row.getByRole('button', { name: `Pay ${shop.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payout' });
  const amount = dialog.getByRole('textbox', { name: 'Amount (dollars)' });
  // Prefilled with what is owed now; more than that is refused before sending.
  await expect(amount).toHaveValue('$10');
  await amount.fill('11');
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog.getByText('At most $10: that is what is owed now.')).toBeVisible();
  await amount.fill('6');
  await dialog.getByLabel('Note (optional)').fill('Cheque 1042');
  await page.screenshot({ path: `/tmp/payouts-dialog-${test.info().project.name}.png` });
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`$6 paid to ${shop.name}.`)).toBeVisible();

  // The table updates: paid $6, owed now $4; the payout is listed.
  const cells = row.locator('td');
  await expect(cells.nth(PAID_COLUMN)).toBeVisible();
  await expect(cells.nth(PAID_COLUMN)).toHaveText('$6');
  await expect(cells.nth(OWED_COLUMN)).toHaveText('$4');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByRole('row').filter({ hasText: shop.name }).first()).toContainText('$6');
  await page.screenshot({
    path: `/tmp/payouts-settlement-${test.info().project.name}.png`,
    fullPage: true,
  });

  // The shop sees it on its own page.
  await page.context().clearCookies();
  await page.goto(shopUrl);
  await expect(page.getByRole('region', { name: 'Paid to date' })).toContainText('$6');
  await expect(page.getByRole('region', { name: 'Owed now' })).toContainText('$4');
  const history = page.getByRole('region', { name: 'Payouts' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('$6');
  await expect(history.getByRole('row').nth(1)).toContainText('Cheque 1042');
  await page.screenshot({
    path: `/tmp/payouts-shop-page-${test.info().project.name}.png`,
    fullPage: true,
  });
});

test("a payout recorded in error is voided with a reason: it stays listed, and the settlement, the dashboard's money and the shop page follow", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Struck Velvet ');
  await redeemAndVote(browser, page, shop);
  const shopUrl = await issueShopLink(page, shop);

  /** The dashboard's money at a glance, each figure as the page shows it and as the API has it. */
  const expectMoney = async () => {
    const { money } = (await (await page.request.get('/api/admin/dashboard')).json()) as Dashboard;
    await page.goto('/admin');
    const glance = page.getByRole('region', { name: 'Money at a glance' });
    await expect(glance.getByRole('region', { name: 'Passes sold' })).toContainText(
      String(money!.passesSold),
    );
    await expect(glance.getByRole('region', { name: 'Gross' })).toContainText(
      formatMoney(money!.grossCents / 100, { cents: true }),
    );
    await expect(glance.getByRole('region', { name: 'Owed to shops' })).toContainText(
      formatMoney(money!.owedToShopsDollars),
    );
    await expect(glance.getByRole('region', { name: 'Paid to shops' })).toContainText(
      formatMoney(money!.paidToShopsDollars),
    );
    return money!;
  };
  const before = await expectMoney();

  await page.goto('/admin/settlement');
  const row = page.getByRole('table').first().getByRole('row').filter({ hasText: shop.name });
  await row.getByRole('button', { name: `Pay ${shop.name}` }).click();
  const pay = page.getByRole('dialog', { name: 'Record payout' });
  await pay.getByRole('button', { name: 'Record payout' }).click();
  await expect(pay).toBeHidden();
  await expect(row.locator('td').nth(PAID_COLUMN)).toHaveText('$5');

  const paid = await expectMoney();
  expect(paid.paidToShopsDollars).toBe(before.paidToShopsDollars + 5);
  expect(paid.owedToShopsDollars).toBe(before.owedToShopsDollars - 5);

  // Voiding asks for a reason; the payout stays listed, voided, with it.
  await page.goto('/admin/settlement');
  const payouts = page.getByRole('table', { name: 'Payouts', exact: true });
  const payout = payouts.getByRole('row').filter({ hasText: shop.name });
  await payout.getByRole('button', { name: `Void $5 to ${shop.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Void payout' });
  await dialog.getByRole('button', { name: 'Void payout' }).click();
  await expect(dialog.getByText('Give a reason for voiding the payout')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Recorded twice');
  await page.screenshot({ path: `/tmp/void-dialog-${test.info().project.name}.png` });
  await dialog.getByRole('button', { name: 'Void payout' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`$5 to ${shop.name} no longer counts as paid.`)).toBeVisible();
  await expect(payout).toContainText('Voided');
  await expect(payout).toContainText('Recorded twice');
  await expect(payout.getByRole('button', { name: /^Void / })).toHaveCount(0);
  await expect(row.locator('td').nth(PAID_COLUMN)).toHaveText('$0');
  await expect(row.locator('td').nth(OWED_COLUMN)).toHaveText('$5');
  await page.screenshot({
    path: `/tmp/void-settlement-${test.info().project.name}.png`,
    fullPage: true,
  });

  const voided = await expectMoney();
  expect(voided.paidToShopsDollars).toBe(before.paidToShopsDollars);
  expect(voided.owedToShopsDollars).toBe(before.owedToShopsDollars);

  // The shop sees the payout and why it no longer counts.
  await page.context().clearCookies();
  await page.goto(shopUrl);
  await expect(page.getByRole('region', { name: 'Paid to date' })).toContainText('$0');
  await expect(page.getByRole('region', { name: 'Owed now' })).toContainText('$5');
  await expect(page.getByRole('region', { name: 'Payouts' }).getByRole('row').nth(1)).toContainText(
    'Voided: Recorded twice',
  );
});
