import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import type { CouponDto } from '#shared/redemption.ts';
import { E2E_ADMIN, e2ePort, seededCode } from './credentials.ts';
import { MAP_TILES, PLAIN_TILE } from './map-tiles.ts';

export { MAP_TILES };

/** Addresses handed out in this worker process; with the worker's index, unique in a run. */
let visitorsInWorker = 0;

/** This worker's own server (playwright.config.ts). */
const workerOrigin = () => `http://localhost:${e2ePort()}`;

/** A journey on this worker's server, as its own visitor; errors the page logs are its business. */
export const testAllowingPageErrors = base.extend<{ mapTiles: string[] }>({
  // This worker's own server and database (playwright.config.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, use) => {
    await use(workerOrigin());
  },
  // Each test's browser is a visitor of its own, as it would be behind the site's proxy (the
  // server trusts this host's X-Forwarded-For, docs/DEPLOY.md): the per-address limits on sign-in
  // and registration (10 a minute) then count one journey, not every journey running in parallel.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    visitorsInWorker += 1;
    await use({
      'x-forwarded-for': `10.${testInfo.workerIndex % 256}.${visitorsInWorker >> 8}.${visitorsInWorker & 255}`,
    });
  },
  // No tile server is reachable here: the maps' tile requests (docs/decisions/0023-map.md) get a plain tile, and
  // the test may read which were asked. A page's own route for them comes first.
  mapTiles: [
    async ({ context }, use) => {
      const requested: string[] = [];
      await context.route(MAP_TILES, (route) => {
        requested.push(route.request().url());
        return route.fulfill({ contentType: 'image/png', body: PLAIN_TILE });
      });
      await use(requested);
    },
    { auto: true },
  ],
});

/** Journeys fail on any error the page logs, except the 401 the browser reports for a signed-out visitor. */
export const test = testAllowingPageErrors.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (
          /Failed to load resource: the server responded with a status of (401|404)/.test(
            message.text(),
          )
        )
          return;
        errors.push(message.text());
      });
      // Uncaught errors, and React's recoverable ones: a hydration mismatch (the server's HTML
      // not matching the browser's first render) reaches here through window.reportError,
      // React 19's default report in production builds.
      // With the page's address and the stack (minified frames map to the build's sources), so a
      // failure that shows once in a full run says where it was thrown.
      page.on('pageerror', (error) =>
        errors.push(`${error.message}\n  at ${page.url()}\n${error.stack ?? ''}`),
      );
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh voucher or promo code: kept in capitals, as the server stores them. */
export const uniqueCode = (prefix: string) => uniqueName(prefix).toUpperCase();

/** The first instant from now that reads `weekday` at `hour`:00 on the clocks of `timeZone`. */
export function nextLocal(timeZone: string, weekday: string, hour: number): Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const start = Math.ceil(Date.now() / 1_800_000) * 1_800_000;
  for (let step = 0; step < 8 * 48; step += 1) {
    const candidate = new Date(start + step * 1_800_000);
    const parts = format.formatToParts(candidate);
    const part = (type: string) => parts.find((each) => each.type === type)?.value;
    if (
      part('weekday') === weekday &&
      Number(part('hour')) === hour &&
      Number(part('minute')) === 0
    )
      return candidate;
  }
  throw new Error(`no ${weekday} ${hour}:00 in ${timeZone} within a week`);
}

/**
 * Waits until the site's service worker is active, so the next navigation goes through it and the
 * page it opens is controlled from its first request. Call it before leaving a page that registered
 * the worker: a worker activating while a navigation is under way claims the pages already open,
 * not the one that navigation opens, which stays uncontrolled until its next load.
 */
export async function serviceWorkerActive(page: Page) {
  // page.evaluate awaits the page's promise (waitForFunction would take a pending one as truthy).
  await page.evaluate(
    (timeoutMs) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => undefined),
        new Promise((_, reject) => {
          setTimeout(() => {
            reject(new Error(`no active service worker after ${String(timeoutMs)} ms`));
          }, timeoutMs);
        }),
      ]),
    60_000,
  );
}

/**
 * Waits until the service worker controls the page: the app and its data are then on the device,
 * as for a member who opened it with signal before walking into a cellar.
 */
export async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Opens the small-screen drawer when the header is collapsed; returns where its links live. */
export async function navigation(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    return page.getByRole('dialog');
  }
  return page.getByRole('banner');
}

export async function registerViaAuthPage(page: Page, username: string, password = 'password123') {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Full Name').fill('Journey Tester');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible();
}

/**
 * A member holding a pass, signed in on `page`: registered on the auth page (which lands on the
 * home page), with the pass from the testing tool (the purchase has its own journeys).
 */
export async function registerWithPass(page: Page, username = uniqueName('member')) {
  await registerViaAuthPage(page, username);
  await expect(page).toHaveURL('/');
  expect((await page.request.post('/api/testing/create-pass')).status()).toBe(201);
  return username;
}

/**
 * The address of the link matching `link` in the newest email with this subject to `to`, read
 * in the sandbox mailbox by the organizer (nobody else may read it), in a browser of their own.
 */
export async function mailedLink(
  browser: Browser,
  baseURL: string | undefined,
  mail: { to: string; subject: string; link: RegExp },
): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    const organizer = await context.newPage();
    await signIn(organizer, E2E_ADMIN.username, E2E_ADMIN.password);
    await organizer.goto('/sandbox/mailbox');
    await organizer.getByLabel('Email address').fill(mail.to);
    await organizer.getByRole('button', { name: 'Show Mail' }).click();
    const email = organizer
      .getByRole('article')
      .filter({ has: organizer.getByRole('heading', { name: mail.subject }) })
      .first();
    const href = await email.getByRole('link', { name: mail.link }).getAttribute('href');
    if (!href) throw new Error(`no link in the email "${mail.subject}" to ${mail.to}`);
    return href;
  } finally {
    await context.close();
  }
}

/**
 * A new member, in a browser of their own, buys a test pass, redeems at the seeded shop with its
 * code and votes for it (through the API: the UI has its own journeys).
 */
export async function voteAsNewMember(browser: Browser, origin: string, shopName: string) {
  const context = await browser.newContext({ baseURL: origin });
  const voter = await context.newPage();
  await registerWithPass(voter, uniqueName('voter'));
  const coupons = (await (await voter.request.get('/api/user/coupons')).json()) as CouponDto[];
  const coupon = coupons.find((candidate) => candidate.business.name === shopName);
  if (!coupon) throw new Error(`no coupon for ${shopName}`);
  const redeemed = await voter.request.post(`/api/coupons/${coupon.id}/redeem`, {
    data: { redemptionCode: seededCode(shopName) },
  });
  expect(redeemed.status()).toBe(200);
  const voted = await voter.request.post('/api/vote', { data: { businessId: coupon.businessId } });
  expect(voted.status()).toBe(200);
  await context.close();
}

/**
 * The running battle, once a new member (in a browser of their own) has redeemed at `shopName`
 * and voted for it: a battle with a vote in it, for journeys past its end.
 */
export async function battleWithAVote(
  page: Page,
  browser: Browser,
  shopName: string,
): Promise<ChallengeDto> {
  await voteAsNewMember(browser, workerOrigin(), shopName);
  return activeChallenge(page.request);
}

/**
 * For a journey past `battle`'s end: the demo seed publishes the battles that follow it, and by
 * docs/RULES.md rule 1 the next one is the current battle once it ends. They are drafts again
 * until `restore` (after the clock is back) publishes them; `later` lists them, earliest first.
 */
export async function withoutLaterBattles(browser: Browser, battle: ChallengeDto) {
  const context = await browser.newContext({ baseURL: workerOrigin() });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  const publish = async (challenge: ChallengeDto, active: boolean) => {
    const patched = await admin.request.patch(`/api/admin/challenges/${String(challenge.id)}`, {
      data: { active },
    });
    expect(patched.status()).toBe(200);
  };
  const all = (await (await admin.request.get('/api/admin/challenges')).json()) as ChallengeDto[];
  const later = all
    .filter(
      (other) =>
        other.active &&
        other.id !== battle.id &&
        Date.parse(other.startDate) > Date.parse(battle.endDate),
    )
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  for (const challenge of later) await publish(challenge, false);
  return {
    later,
    admin,
    publish,
    async restore() {
      for (const challenge of later) await publish(challenge, true);
      await context.close();
    },
  };
}

/** Moves the server's clock (the test clock) and the page's to `offsetMs` ahead of real time. */
export async function moveClocks(page: Page, offsetMs: number) {
  const moved = await page.request.post('/api/testing/clock', { data: { offsetMs } });
  expect(moved.status()).toBe(200);
  await page.clock.setFixedTime(new Date(Date.now() + offsetMs));
}

/** Puts the server's clock back to real time: other journeys share the server. */
export async function resetClock(page: Page) {
  await page.request.post('/api/testing/clock', { data: { offsetMs: 0 } });
}

/**
 * Fails on every accessibility violation axe finds on the page as it stands, once the transitions
 * running now have ended: a toast half faded in has the contrast of neither end.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner or a live clock never ends: only what ends is waited for.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * A switch's or radio's label sits beside its control, on the same line: Mantine lays them out
 * with InlineInput.css, and a page that misses it drops the label below the control.
 */
export async function expectLabelBeside(control: Locator, label: Locator) {
  await expect(label).toBeVisible();
  // Mantine draws the control in the element after the input: a radio's icon, a switch's track.
  const drawn = await control.locator('xpath=following-sibling::*[1]').boundingBox();
  const text = await label.boundingBox();
  if (!drawn || !text) throw new Error('the control or its label is not laid out');
  expect(text.x, 'the label starts right of the control').toBeGreaterThanOrEqual(
    drawn.x + drawn.width - 1,
  );
  expect(text.y, 'the label starts beside the control, not below it').toBeLessThan(
    drawn.y + drawn.height,
  );
}

export async function activeChallenge(request: APIRequestContext): Promise<ChallengeDto> {
  const response = await request.get('/api/challenge/active');
  expect(response.status()).toBe(200);
  return (await response.json()) as ChallengeDto;
}

/** A new shop in the running challenge, made by a signed-in organizer through the admin API. */
export async function createShop(page: Page, prefix: string): Promise<AdminBusiness> {
  const challenge = await activeChallenge(page.request);
  const name = uniqueName(prefix);
  const response = await page.request.post('/api/admin/businesses', {
    data: {
      name,
      description: `${name} pours great coffee.`,
      address: '100 Test Way, Huntsville, AL',
      challengeId: challenge.id,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as AdminBusiness;
}

/**
 * Every shop of the home page's list, once it has loaded: 'View All Coffee Shops' shows when there
 * are more than six, and only after the list is there (checking earlier misses it).
 */
export async function showAllShops(page: Page) {
  await expect(page.locator('#shops').getByRole('article').first()).toBeVisible();
  const viewAll = page.getByRole('button', { name: 'View All Coffee Shops' });
  if (await viewAll.isVisible()) {
    await viewAll.click();
    await expect(page.getByRole('button', { name: 'Show Fewer Coffee Shops' })).toBeVisible();
  }
}
