import { E2E_ADMIN } from './credentials.ts';
import { expect, navigation, registerViaAuthPage, signIn, test, uniqueName } from './fixtures.ts';

test('a visitor registers, signs out and signs in, and the header follows', async ({ page }) => {
  const username = uniqueName('member');
  await page.goto('/');
  const nav = await navigation(page);
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Buy Pass' })).toBeVisible();

  await registerViaAuthPage(page, username);
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL('/');

  const signedIn = await navigation(page);
  await expect(signedIn.getByText(username)).toBeVisible();
  await expect(signedIn.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(signedIn.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await signedIn.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect((await navigation(page)).getByRole('link', { name: 'Sign In' })).toBeVisible();
  if (page.viewportSize()!.width < 768) await page.keyboard.press('Escape');

  await signIn(page, username, 'password123');
  await expect((await navigation(page)).getByText(username)).toBeVisible();
});

test('the register form shows the spec messages and sends nothing invalid', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Full Name').fill('A');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm Password').fill('123456');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('wrong credentials show the login failure toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Username').fill('nobody_here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
});

test('the organizer sees the Admin button; a member is sent away from /admin', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const nav = await navigation(page);
  await expect(nav.getByRole('link', { name: /^Admin( Dashboard)?$/ })).toBeVisible();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await registerViaAuthPage(page, uniqueName('plain'));
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/404/);
});

test('what a visitor types into the register form at once stays, on a slow phone too', async ({
  page,
}) => {
  // A slow processor widens the gap between the tap on 'Register' and the form it shows: the
  // test types in that gap, as a quick person on a mid-range phone does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  const username = uniqueName('quick');
  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Full Name').fill('Quick Typist');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL('/');
});
