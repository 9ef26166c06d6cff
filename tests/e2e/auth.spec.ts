import { E2E_ADMIN } from './credentials.ts';
import { expect, navigation, registerViaAuthPage, signIn, test, uniqueName } from './fixtures.ts';

test(
  'a visitor registers, signs out and signs in, and the header follows',
  { tag: '@desktop' },
  async ({ page }) => {
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
  },
);

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

test(
  'the organizer sees the Admin button; a member is sent away from /admin',
  { tag: '@desktop' },
  async ({ page }) => {
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
  },
);

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/404/);
});

test('a visitor without a session finds /auth drawn in its first HTML, and its forms once the app holds them', async ({
  page,
}) => {
  // Drawn signed out by the server (docs/decisions/0027), without the forms: a tap on a tab or
  // typing before the app holds them would be lost.
  const html = await (await page.request.get('/auth')).text();
  expect(html).toContain('Taste your city. Crown its best.');
  expect(html).toContain('Loading the sign-in form');
  expect(html).not.toContain('type="password"');
  const sessionChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/session') sessionChecks.push(request.url());
  });
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
  expect(sessionChecks).toEqual([]);
});

test('what a visitor types into the register form at once stays after the page settles', async ({
  page,
}) => {
  const username = uniqueName('quick');
  await page.goto('/auth', { waitUntil: 'commit' });
  // The tap on 'Register' and the first keystroke in one task, as a quick person's on a busy
  // phone: nothing the page schedules for later (a router transition, a timer) may come between
  // them. Both forms have a 'Username': if the tap left the login form in the page for a
  // moment, the name went into it and vanished with it.
  await page.getByRole('tab', { name: 'Register' }).evaluate(async (tab, typed) => {
    (tab as HTMLElement).click();
    await Promise.resolve();
    const label = [...document.querySelectorAll('label')].find(
      (each) => each.textContent === 'Username',
    );
    const input = document.getElementById(label?.htmlFor ?? '');
    if (!(input instanceof HTMLInputElement)) throw new Error('no Username field after the tap');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Full Name').fill('Quick Typist');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  // Settled: the page drawn on the server (signed out, the sign-in check answered in it) is the
  // app's, and nothing is downloading (the service worker's first install included); every field
  // still holds what was typed.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL('/auth?tab=register');
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByLabel('Email')).toHaveValue(`${username}@example.com`);
  await expect(page.getByLabel('Full Name')).toHaveValue('Quick Typist');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL('/');
});
