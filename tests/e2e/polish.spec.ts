import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';
import { expect, isPhone, signIn, test } from './fixtures.ts';

/** The phone of docs/decisions/0018-organizer-on-a-phone.md is 390x844; the desktop project stays at 1280x800. */
test.beforeEach(async ({ page }) => {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
});

test(
  'a signed-out visit to the home page logs no console error and fails no request',
  { tag: '@desktop' },
  async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(logged).toEqual([]);
  },
);

test('tab icons sit beside their labels', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/auth');
  for (const name of ['Login', 'Register']) {
    const tab = page.getByRole('tab', { name });
    const icon = tab.locator('svg');
    await expect(icon).toBeVisible();
    const [iconBox, labelBox] = [await icon.boundingBox(), await tab.getByText(name).boundingBox()];
    // Same line: the icon's middle is within the label's height, and it comes first.
    const iconMiddle = iconBox!.y + iconBox!.height / 2;
    expect(iconMiddle).toBeGreaterThan(labelBox!.y);
    expect(iconMiddle).toBeLessThan(labelBox!.y + labelBox!.height);
    expect(iconBox!.x + iconBox!.width).toBeLessThanOrEqual(labelBox!.x);
    // Beside it, not at the far edge of a wide tab.
    expect(labelBox!.x - (iconBox!.x + iconBox!.width)).toBeLessThan(24);
  }
});

test(
  'the landing hero is 500 px tall on a desktop and only as tall as its content on a phone',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    await page.goto('/battles');
    const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('heading', { level: 1, name: 'Local Battles' })).toBeVisible();
    const height = (await hero.boundingBox())!.height;
    if (isPhone(page)) {
      // The content (title, subtitle, two buttons) and padding: well under 500 px of banner.
      expect(height).toBeLessThan(450);
      await expect(page.getByRole('link', { name: 'Join Current Battle' })).toBeInViewport();
    } else {
      expect(Math.round(height)).toBe(500);
    }
    await page.screenshot({ path: `.tmp/organizer-battles-hero-${testInfo.project.name}.png` });
  },
);

test('the fallback shop image has its picture in the middle', async ({ page }) => {
  await page.goto('/images/shop-fallback.svg');
  const offset = await page.evaluate(() => {
    const frame = document.querySelector('svg')!.getBoundingClientRect();
    const picture = document.querySelector('g')!.getBoundingClientRect();
    return {
      x: (picture.left + picture.right) / 2 - (frame.left + frame.right) / 2,
      y: (picture.top + picture.bottom) / 2 - (frame.top + frame.bottom) / 2,
    };
  });
  expect(Math.abs(offset.x)).toBeLessThan(2);
  expect(Math.abs(offset.y)).toBeLessThan(2);
});

async function openDialog(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('heading', { level: 2, name: title })).toBeVisible();
  return dialog;
}

test("dialog titles are headings, and the shop form's hours picker is in the body font", async ({
  page,
}, testInfo) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/challenges');
  let dialog = await openDialog(page, 'Create Challenge', 'Create Challenge');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/admin/businesses');
  dialog = await openDialog(page, 'Import CSV', 'Import Shops from CSV');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openDialog(page, 'Add New Business', 'Add New Business');
  const hours = dialog.getByLabel('Monday opens at');
  await hours.scrollIntoViewIfNeeded();
  const [hoursFont, bodyFont] = await Promise.all([
    hours.evaluate((element) => getComputedStyle(element).fontFamily),
    page.evaluate(() => getComputedStyle(document.body).fontFamily),
  ]);
  expect(hoursFont).toBe(bodyFont);
  await page.screenshot({ path: `.tmp/organizer-business-dialog-${testInfo.project.name}.png` });
});
