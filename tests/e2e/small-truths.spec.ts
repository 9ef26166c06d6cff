import { devices, type Browser, type Page } from '@playwright/test';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import type { MailboxMessage } from '#shared/mail.ts';
import type { Results } from '#shared/results.ts';
import { shopOpenNow } from '#shared/hours.ts';
import { E2E_ADMIN, e2ePort } from './credentials.ts';
import {
  activeChallenge,
  battleWithAVote,
  expect,
  expectAccessible,
  moveClocks,
  nextLocal,
  registerWithPass,
  resetClock,
  signIn,
  test,
  withoutLaterBattles,
} from './fixtures.ts';

/**
 * The smaller truths of the public pages and the mail: the results page names the battle and its
 * winner and shares itself, 'Open now' with nothing open says so, an unknown shop is a 404, the
 * unsubscribe page is the site's and resubscribes, the freeze note names the ranks for anyone, the
 * sale alert takes autofill, and the phone drawer links shops, results and the FAQ.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The organizer, signed in in a browser of their own. */
async function organizer(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${e2ePort()}` });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  return admin;
}

test("the results page is headed by the battle's name and its winner, and shares its link", async ({
  page,
  browser,
  context,
}) => {
  const challenge = await battleWithAVote(page, browser, 'Honest Bean Roasters');
  const schedule = await withoutLaterBattles(browser, challenge);
  try {
    await moveClocks(page, Date.parse(challenge.endDate) - Date.now() + HOUR_MS);
    const results = (await (
      await page.request.get(`/api/challenges/${challenge.id}/results`)
    ).json()) as Results;
    const winners = results.ranking.filter((row) => row.rank === 1).map((row) => row.name);
    expect(winners.length).toBeGreaterThan(0);

    // This browser has no share sheet: the link is copied, and a toast says so.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/battles/${challenge.id}/results`);
    await expect(page.getByRole('heading', { level: 1, name: challenge.title })).toBeVisible();
    await expect(
      page.getByText(
        winners.length === 1 ? `Winner: ${winners[0]}` : new RegExp(`^Winners, tied: `),
      ),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${challenge.title} results - Local Battles`);
    const url = `http://localhost:${e2ePort()}/battles/${challenge.id}/results`;
    await page.getByRole('button', { name: 'Share the results' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page);

    // With the Web Share API, the device's own share sheet gets the title, words and link.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.getByRole('button', { name: 'Share the results' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({
        title: `${challenge.title} results`,
        text: expect.stringContaining(winners[0]!) as unknown as string,
        url,
      });
  } finally {
    await resetClock(page);
    await schedule.restore();
  }
});

test("'Open now' with no shop open says so in words, with the map shown too", async ({ page }) => {
  const { timeZone } = await activeChallenge(page.request);
  const shops = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
  // An hour of a Wednesday when no shop of the battle is open (the demo's open 6:30 am at the
  // earliest; other journeys' shops may keep other hours).
  const closedHour = Array.from({ length: 24 }, (_, hour) => hour).find((hour) =>
    shops.every((shop) => shopOpenNow(shop, nextLocal(timeZone, 'Wed', hour), timeZone) !== 'open'),
  );
  expect(closedHour).toBeDefined();
  await page.clock.install({ time: nextLocal(timeZone, 'Wed', closedHour!) });
  await page.goto('/');
  // 'Open now' first: a tap while the map's module loads may land before the page has settled.
  const openNow = page.getByRole('button', { name: 'Open now', exact: true });
  await openNow.click();
  await expect(openNow).toHaveAttribute('aria-pressed', 'true');
  const map = page.getByRole('button', { name: 'Map', exact: true });
  await map.click();
  await expect(map).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No shop is open right now')).toBeVisible();
  await expect(page.getByText("Turn off 'Open now' to see every shop.")).toBeVisible();
  await expect(page.getByText(/None of these shops is on the map/)).toHaveCount(0);
  await expect(page.locator('#shops').getByRole('article')).toHaveCount(0);
});

test("an unknown shop's page answers 404 and still says the coffee shop was not found", async ({
  page,
}) => {
  for (const visit of ['first', 'again, with the service worker']) {
    const response = await page.goto('/business/999');
    expect(response?.status(), visit).toBe(404);
    await expect(page.getByText('Error Loading Coffee Shop')).toBeVisible();
    await expect(page.getByText('Shop not found', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  }
});

test("the unsubscribe page is the site's own, and 'Resubscribe' switches organizer mail on again", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const challenge = await activeChallenge(page.request);
  // The organizer's test copy carries the organizer's own unsubscribe link.
  const subject = `Unsubscribe check ${Date.now()}`;
  const queued = await page.request.post(`/api/admin/challenges/${challenge.id}/messages/test`, {
    data: { subject, text: 'Checking the unsubscribe page.' },
  });
  expect(queued.status()).toBe(202);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mailbox = (await (
          await page.request.get(`/api/sandbox/mailbox?to=${encodeURIComponent(E2E_ADMIN.email)}`)
        ).json()) as MailboxMessage[];
        link = mailbox
          .find((mail) => mail.subject === `[Test] ${subject}`)
          ?.links.find((href) => href.includes('/api/email/unsubscribe?token='));
        return link;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  const preference = async () =>
    (
      (await (await page.request.get('/api/profile/mail-preferences')).json()) as {
        organizerMail: boolean;
      }
    ).organizerMail;

  try {
    await page.goto(link!);
    await expect(page).toHaveURL(/\/email\/unsubscribe\?token=[0-9a-f]{64}$/);
    // The site's header and styles, not a bare page.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Local Battles' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: "Unsubscribe from the organizer's emails?" }),
    ).toBeVisible();
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe' });
    expect(await unsubscribe.evaluate((button) => getComputedStyle(button).borderRadius)).not.toBe(
      '0px',
    );
    await expect(page).toHaveTitle('Email Preferences - Local Battles');
    expect(await preference()).toBe(true);
    await expectAccessible(page);

    await unsubscribe.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }),
    ).toBeVisible();
    expect(await preference()).toBe(false);

    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are subscribed again' }),
    ).toBeVisible();
    expect(await preference()).toBe(true);
    await expect(page.getByRole('banner')).toBeVisible();
  } finally {
    await page.request.put('/api/profile/mail-preferences', { data: { organizerMail: true } });
  }
});

test('the freeze note names the frozen ranks, for a visitor who is not signed in', async ({
  page,
  browser,
}) => {
  const admin = await organizer(browser);
  const challenge: ChallengeDto = await activeChallenge(admin.request);
  const freeze = (hours: number) =>
    admin.request.patch(`/api/admin/challenges/${challenge.id}`, {
      data: { standingsFreezeHours: hours },
    });
  try {
    expect((await freeze(48)).status()).toBe(200);
    // Two hours before the end: inside the 48-hour freeze.
    await moveClocks(page, Date.parse(challenge.endDate) - Date.now() - 2 * HOUR_MS);
    await page.goto('/');
    const note = page.getByRole('alert').filter({ hasText: 'Ranks frozen' });
    await expect(note).toBeVisible();
    await expect(note).toContainText(
      "The shops' ranks and vote counts shown are those of 48 hours before the end.",
    );
  } finally {
    await resetClock(page);
    await freeze(0);
    await admin.context().close();
  }
});

test('the sale alert email field takes autofill', async ({ page }) => {
  await page.goto('/battles');
  await page.getByRole('button', { name: 'Tell me when it starts' }).first().click();
  const field = page.getByLabel('Your email');
  await expect(field).toHaveAttribute('name', 'email');
  await expect(field).toHaveAttribute('type', 'email');
  await expect(field).toHaveAttribute('autocomplete', 'email');
});

// The burger and its drawer show below the `sm` breakpoint only: a phone's, in either project.
const { defaultBrowserType: _browserType, ...phone } = devices['Pixel 7'];

test.describe('on a phone', () => {
  test.use(phone);

  test("a signed-in member's phone drawer links the shops, the results and the FAQ", async ({
    page,
    consoleErrors,
  }) => {
    await registerWithPass(page);
    const challenge = await activeChallenge(page.request);
    const drawer = page.getByRole('dialog', { name: 'Local Battles' });
    const open = async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(drawer).toBeVisible();
    };
    await open();
    await expect(drawer.getByText(/^Signed in as/)).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Results' })).toHaveAttribute(
      'href',
      `/battles/${challenge.id}/results`,
    );
    await drawer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/#faq');
    await expect(
      page.getByRole('heading', { name: 'Frequently Asked Questions' }),
    ).toBeInViewport();
    await open();
    await drawer.getByRole('link', { name: 'Shops' }).click();
    await expect(page).toHaveURL('/#shops');
    await expect(
      page.getByRole('heading', { name: 'Participating Coffee Shops' }),
    ).toBeInViewport();
    await open();
    await drawer.getByRole('link', { name: 'Results' }).click();
    await expect(page).toHaveURL(`/battles/${challenge.id}/results`);
    await expect(page.getByRole('heading', { level: 1, name: challenge.title })).toBeVisible();
    // While the battle runs the results answer is 409 ('not yet', src/server/results/routes.ts),
    // which the browser logs as a failed load.
    const notYet = consoleErrors.findIndex((text) => text.includes('status of 409'));
    if (notYet >= 0) consoleErrors.splice(notYet, 1);
  });
});
