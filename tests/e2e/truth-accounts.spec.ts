import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';
import {
  createShop,
  expect,
  mailedLink,
  registerViaAuthPage,
  signIn,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * Pages that tell the truth, the accounts and tools half: controls that keep their place and
 * their labels, account pages reached from mail that lead back, the email change told to the old
 * address and named on the confirm page, the shops table counted from 1, the mailbox's notice to
 * members, and the cashier card's cut line. Each point at 390x844 and at 1280x800.
 */

test.beforeEach(async ({ page }) => {
  if (test.info().project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/truth-${name}-${test.info().project.name}.png` });

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
}

type Box = Awaited<ReturnType<typeof boxOf>>;

/** The box once it has stopped moving (a dialog opening, a scroll settling): the same twice, 200 ms apart. */
async function settledBox(locator: Locator): Promise<Box> {
  let last: Box | undefined;
  await expect
    .poll(
      async () => {
        const now = await boxOf(locator);
        const still = JSON.stringify(now) === JSON.stringify(last);
        last = now;
        return still;
      },
      { message: 'still moving after 4 seconds', intervals: [200], timeout: 4_200 },
    )
    .toBe(true);
  return last!;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The label sits on the control's line, just right of it: not above it, not far away. */
async function expectLabelBeside(control: Locator, label: Locator) {
  const [c, l] = [await boxOf(control), await boxOf(label)];
  expect(l.x).toBeGreaterThanOrEqual(c.x + c.width - 1);
  expect(l.x - (c.x + c.width)).toBeLessThan(32);
  expect(l.y).toBeLessThan(c.y + c.height);
  expect(l.y + l.height).toBeGreaterThan(c.y);
}

/** No toast is drawn over the control. */
async function expectNoToastOver(page: Page, control: Locator) {
  const box = await boxOf(control);
  for (const toast of await page.locator('.mantine-Notification-root').all()) {
    expect(overlap(await boxOf(toast), box)).toBe(false);
  }
}

test("the shop's pause switch has its label beside it, stays under the finger and says what it did beside it", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Still Switch ');
  const issued = await page.request.post(`/api/admin/businesses/${shop.id}/shop-link`);
  expect(issued.status()).toBe(201);
  await page.goto(((await issued.json()) as { url: string }).url);

  const pauseSwitch = page.getByRole('switch', { name: 'Pause redemptions' });
  // What the finger touches: the switch's track, drawn beside its label.
  const track = page.locator('.mantine-Switch-track');
  const label = page.getByText('Pause redemptions', { exact: true });
  const status = page.getByRole('status').filter({ hasText: /accepting coupons/i });
  await expect(status).toContainText('Accepting coupons.');
  await track.scrollIntoViewIfNeeded();
  await expectLabelBeside(track, label);
  const before = await settledBox(track);

  await track.click();
  await expect(pauseSwitch).toBeChecked();
  await expect(status).toContainText('Temporarily not accepting coupons');
  expect(await boxOf(track)).toEqual(before);
  await expectNoToastOver(page, track);
  // The status is beside the switch: under its label, starting on the switch's own height.
  const said = await boxOf(status);
  expect(said.x).toBeGreaterThan(before.x + before.width - 1);
  expect(said.y).toBeLessThan(before.y + before.height + 24);
  await shot(page, 'shop-paused');

  await track.click();
  await expect(pauseSwitch).not.toBeChecked();
  await expect(status).toContainText('Accepting coupons.');
  expect(await boxOf(track)).toEqual(before);
  await expectNoToastOver(page, track);
});

test(
  "the organizer's shop dialog has 'Paused' beside its box, and the shops table counts from 1",
  { tag: '@desktop' },
  async ({ page }) => {
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    const shop = await createShop(page, 'Boxed Bean ');
    await page.goto('/admin/businesses');

    const table = page.getByRole('table');
    await expect(table.getByText(shop.name, { exact: true })).toBeVisible();
    const numbers = await table.locator('tbody tr td:first-child').allTextContents();
    expect(numbers).toEqual(numbers.map((_, index) => String(index + 1)));
    if (test.info().project.name === 'desktop') {
      await expect(table.getByRole('columnheader', { name: '#' })).toBeVisible();
      await expect(table.locator('tbody tr').first().getByRole('cell').first()).toHaveText('1');
    }
    await shot(page, 'shops-table');

    await page.getByRole('button', { name: `Actions for ${shop.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Business' });
    const paused = dialog.getByRole('checkbox', { name: 'Paused' });
    // The dialog moves focus into itself once open, which scrolls its body back to the top: a box
    // measured out of view would move when check() scrolls it in, whatever the layout does. So
    // wait for that focus, then scroll until the box stays in view.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await expect(async () => {
      await paused.scrollIntoViewIfNeeded();
      await settledBox(paused);
      await expect(paused).toBeInViewport({ timeout: 1 });
    }).toPass();
    await expectLabelBeside(paused, dialog.getByText('Paused', { exact: true }));
    const before = await settledBox(paused);
    await paused.check();
    await expect(paused).toBeChecked();
    expect(await boxOf(paused)).toEqual(before);
    await expectNoToastOver(page, paused);
    await shot(page, 'dialog-paused');
  },
);

test("reset and email-change pages lead back to sign in, and only an organizer's 'check your email' leads to the sandbox mailbox", async ({
  page,
  context,
}) => {
  const mailboxLink = page.getByRole('link', { name: 'Open it in the sandbox mailbox' });

  // A visitor: the way back, and no mailbox they may not open.
  await page.goto('/auth/verify-email?token=not-a-real-token');
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
    'href',
    '/auth',
  );
  await page.goto('/auth/reset');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
  await expect(mailboxLink).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/auth');

  // A member asking to change the address: no mailbox link either.
  const username = uniqueName('plain');
  await registerViaAuthPage(page, username);
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/profile');
  const account = page.getByRole('region', { name: 'Account Email' });
  await account.getByRole('button', { name: 'Change Email' }).click();
  await account.getByLabel('New Email').fill(`${username}.new@example.com`);
  await account.getByLabel('Current Password').fill('password123');
  await account.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(account.getByRole('status')).toContainText('We have sent a confirmation link');
  await expect(mailboxLink).toHaveCount(0);
  await context.clearCookies();

  // An organizer, while mail lands in the sandbox: the link opens that address's mail.
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/auth/reset');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  await shot(page, 'reset-sent-organizer');
  await mailboxLink.click();
  await expect(page).toHaveURL(`/sandbox/mailbox?to=${encodeURIComponent(E2E_ADMIN.email)}`);
  await expect(
    page.getByRole('heading', { name: 'Reset your Local Battles password' }).first(),
  ).toBeVisible();

  await page.goto('/profile');
  const organizerAccount = page.getByRole('region', { name: 'Account Email' });
  await organizerAccount.getByRole('button', { name: 'Change Email' }).click();
  const moved = `${uniqueName('organizer')}@example.com`;
  await organizerAccount.getByLabel('New Email').fill(moved);
  await organizerAccount.getByLabel('Current Password').fill(E2E_ADMIN.password);
  await organizerAccount.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(organizerAccount.getByRole('status')).toContainText(moved);
  await shot(page, 'email-change-sent-organizer');
  await organizerAccount.getByRole('link', { name: 'Open it in the sandbox mailbox' }).click();
  await expect(page).toHaveURL(`/sandbox/mailbox?to=${encodeURIComponent(moved)}`);
  await expect(
    page.getByRole('heading', { name: 'Confirm your new Local Battles email address' }),
  ).toBeVisible();
});

test("an email change asks the old address 'Was this you?'; the confirm page names the new address, and a used link shows no button", async ({
  page,
  browser,
  baseURL,
}) => {
  const username = uniqueName('asked');
  const oldEmail = `${username}@example.com`;
  const newEmail = `${username}.new@example.com`;
  await registerViaAuthPage(page, username);
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/profile');
  const account = page.getByRole('region', { name: 'Account Email' });
  await account.getByRole('button', { name: 'Change Email' }).click();
  await account.getByLabel('New Email').fill(newEmail);
  await account.getByLabel('Current Password').fill('password123');
  await account.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(account.getByRole('status')).toContainText(newEmail);

  // The old address hears of it at once, with the way to stop it.
  const stop = await mailedLink(browser, baseURL, {
    to: oldEmail,
    subject: 'Was this you? Local Battles email change',
    link: /\/auth\/reset$/,
  });
  expect(new URL(stop).pathname).toBe('/auth/reset');

  const link = await mailedLink(browser, baseURL, {
    to: newEmail,
    subject: 'Confirm your new Local Battles email address',
    link: /\/auth\/verify-email\?token=/,
  });
  await page.goto(link);
  await expect(page.getByText(`Confirm ${newEmail} as your email`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  await shot(page, 'confirm-email');
  await page.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your email address is now ${newEmail}.` }),
  ).toBeVisible();

  // The same link again: it says it did not work, and offers nothing to press.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This link did not work' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm New Email' })).toHaveCount(0);
  await expect(page.getByText(`Confirm ${newEmail} as your email`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  await shot(page, 'confirm-email-used');
});

test('the sandbox mailbox tells a member, in the page, that it is for organizers', async ({
  page,
}) => {
  await registerViaAuthPage(page, uniqueName('nosy'));
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/sandbox/mailbox');
  const notice = page.getByRole('alert').filter({ hasText: 'For organizers only' });
  await expect(notice).toBeVisible();
  // A styled notice in the site's own page, not a bare line of text.
  await expect(page.getByRole('banner')).toBeVisible();
  const background = await notice.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  await expect(notice.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveCount(0);
  await shot(page, 'mailbox-member');
});

test('the cashier card has a dashed cut line and says to cut along it, on screen and on paper', async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Cut Line ');
  await page.goto(`/admin/businesses/${shop.id}/card`);
  const card = page.getByRole('article', { name: 'Cashier card' });
  const hint = page.getByText('Cut along the dashed line');
  await expect(card).toHaveAccessibleDescription('Cut along the dashed line');
  await expect(hint).toBeVisible();
  const border = () => card.evaluate((element) => getComputedStyle(element).borderTopStyle);
  expect(await border()).toBe('dashed');
  await shot(page, 'card-screen');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(hint).toBeVisible();
  expect(await border()).toBe('dashed');
  // The hint sits outside the line, so it is not cut into the card.
  const [h, c] = [await boxOf(hint), await boxOf(card)];
  expect(h.y + h.height).toBeLessThanOrEqual(c.y);
  await shot(page, 'card-print');
});
