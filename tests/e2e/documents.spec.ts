import type { Page } from '@playwright/test';
import type { PublicBusiness } from '#shared/businesses.ts';
import { expect, registerWithPass, test, voteAsNewMember } from './fixtures.ts';

/*
 * Public pages are documents with one small script (docs/decisions/0027): a signed-out visitor
 * reads them, live, without the app; the app comes for a member, or for a tap only it answers.
 * The fixture fails each journey on any console error, hydration errors included.
 */

/** The app's code the page has asked for so far: its entry chunk and its route modules. */
function appRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/(main|home|business|battles)-[\w-]+\.js$/.test(pathname)) asked.push(pathname);
  });
  return asked;
}

test("a signed-out visitor's home ticks and follows the votes without the app, and a tap only the app answers is handed to it", async ({
  page,
  browser,
  baseURL,
}) => {
  const asked = appRequests(page);
  const [shop] = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
  await page.goto('/');
  // The theme (coffee palette, contrast fixes) comes with the stylesheet, not in each page.
  const themeVariable = (name: string) =>
    page.evaluate((variable) => getComputedStyle(document.body).getPropertyValue(variable), name);
  expect(await page.locator('style[data-mantine-styles="true"]').count()).toBe(0);
  expect(await themeVariable('--mantine-color-coffee-7')).toBe('#8c5a2f');
  // The dimmed text's contrast fix: gray-7, not Mantine's gray-6 (#868e96).
  expect(await themeVariable('--mantine-color-dimmed')).toBe('#495057');
  const seconds = page.getByRole('timer').locator('[data-countdown-unit="seconds"]');
  await expect(seconds).toHaveText(/^\d\d$/);
  const firstSecond = await seconds.textContent();
  await expect(seconds).not.toHaveText(firstSecond!);

  // Another member votes: the badge turns up from the vote stream, the page never reloaded.
  await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
  const countsNow = async () =>
    (await (await page.request.get('/api/votes')).json()) as Record<string, number>;
  const before = (await countsNow())[String(shop!.id)] ?? 0;
  await voteAsNewMember(browser, baseURL!, shop!.name);
  // The public counts are kept for a second (README 'Public reads').
  await expect.poll(async () => (await countsNow())[String(shop!.id)]).toBe(before + 1);
  const counts = await countsNow();
  const votes = before + 1;
  const rank = 1 + Object.values(counts).filter((other) => other > votes).length;
  await expect(
    page
      .getByRole('article', { name: shop!.name })
      .getByLabel(`Rank ${rank}, ${votes} ${votes === 1 ? 'vote' : 'votes'}`),
  ).toHaveText(`#${rank}`, { timeout: 20_000 });
  expect(asked).toEqual([]);

  // 'Open now' is the app's: the tap loads it, and it acts on the tap once it holds the page.
  const openNow = page.getByRole('button', { name: 'Open now' });
  await expect(openNow).toHaveAttribute('aria-pressed', 'false');
  await openNow.click();
  await expect(openNow).toHaveAttribute('aria-pressed', 'true');
  expect(asked.some((file) => file.startsWith('/assets/main-'))).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-same-document');
  expect(await themeVariable('--mantine-color-dimmed')).toBe('#495057');
  // The app keeps the page live from there on.
  await expect(seconds).toHaveText(/^\d\d$/);
});

test("a shop's page reads whole with no script, and a member's public pages load the app for their own header", async ({
  browser,
  page,
  baseURL,
}) => {
  const [shop] = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const reader = await noScript.newPage();
  await reader.goto(`/business/${shop!.id}`);
  await expect(reader.getByRole('heading', { name: shop!.name, level: 1 })).toBeVisible();
  await expect(reader.getByText(shop!.address).first()).toBeVisible();
  await expect(reader.getByText(/^(Open now|Closed now( · Opens .+)?)$/)).toBeVisible();
  await noScript.close();

  const asked = appRequests(page);
  const username = await registerWithPass(page);
  await page.goto(`/business/${shop!.id}`);
  await expect(page.getByRole('banner').or(page.getByRole('dialog'))).toBeAttached();
  await expect.poll(() => asked.some((file) => file.startsWith('/assets/main-'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Redeem Coupon' })).toBeVisible();
  await page.goto('/');
  const header = page.getByRole('banner');
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await expect(header.getByRole('link', { name: username })).toBeVisible();
    await expect(header.getByRole('link', { name: 'My Battle Pass' })).toBeVisible();
  } else {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog').getByText(`Signed in as ${username}`)).toBeVisible();
  }
});
