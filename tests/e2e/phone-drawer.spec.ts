import { devices } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The burger and its drawer show below the `sm` breakpoint only: every test here is a phone's,
// in either project.
const { defaultBrowserType: _browserType, ...phone } = devices['Pixel 7'];
// The app's first request tells that it is up; a service worker's would not reach page events.
test.use({ ...phone, serviceWorkers: 'block' });

test("with no script, the server's HTML opens and closes the phone drawer and the FAQ", async ({
  browser,
}) => {
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Open navigation' });
  const drawer = page.getByRole('dialog', { name: 'Local Battles' });

  await burger.tap();
  await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close navigation' })).toBeFocused();
  await drawer.getByRole('button', { name: 'Close navigation' }).tap();
  await expect(drawer).toBeHidden();

  // Escape and a tap beside the drawer close it too.
  await burger.tap();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
  await burger.tap();
  await expect(drawer).toBeVisible();
  await page.touchscreen.tap(20, 400);
  await expect(drawer).toBeHidden();

  // The first answer is open; opening another closes it.
  const firstAnswer = page.getByText(/^Buy the pass once and it holds/);
  await expect(firstAnswer).toBeVisible();
  await page.getByText('Is there a limit on how many shops I can visit?', { exact: true }).tap();
  await expect(page.getByText(/^No limit: visit every participating shop/)).toBeVisible();
  await expect(firstAnswer).toBeHidden();
  await context.close();
});

test('in the app a tap on a drawer link closes the drawer and shows the page', async ({ page }) => {
  // /auth is drawn by the app alone (no server HTML): the close button takes the focus there too.
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  const drawer = page.getByRole('dialog', { name: 'Local Battles' });
  await expect(drawer.getByRole('button', { name: 'Close navigation' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // On an app page (a public page is a document whose links load pages, docs/decisions/0027).
  await page.goto('/checkout');
  // The form's button comes on once the app holds the page the server drew.
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  // A mark on this document: still there after the tap, the app changed the page, not a reload.
  await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  await drawer.getByRole('link', { name: 'Sign In' }).tap();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-same-document');
  await expect(drawer).toBeHidden();
});
