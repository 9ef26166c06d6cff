import { readFile } from 'node:fs/promises';
import { expect, mailedLink, registerWithPass, test, uniqueName } from './fixtures.ts';

/** docs/decisions/0039: a member downloads their data and deletes the account from /profile. */
test('a member downloads their data, then deletes the account after the password', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const username = await registerWithPass(page, uniqueName('leaver'));
  await page.goto('/profile');
  const data = page.getByRole('region', { name: 'Your Data' });

  const download = page.waitForEvent('download');
  await data.getByRole('link', { name: 'Download My Data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-data.json');
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    account: { username: string };
    passes: { coupons: unknown[] }[];
  };
  expect(exported.account.username).toBe(username);
  expect(exported.passes).toHaveLength(1);
  expect(exported.passes[0]!.coupons.length).toBeGreaterThan(0);

  await data.getByRole('button', { name: 'Delete My Account' }).click();
  await data.getByLabel('Password', { exact: true }).fill('wrong-password');
  await data.getByRole('button', { name: 'Delete My Account Forever' }).click();
  await expect(data.getByRole('alert', { name: 'Account not deleted' })).toContainText(
    'Your password is not correct',
  );
  // The browser logs the refused request's 400: expected here.
  const refused = consoleErrors.findIndex((error) => error.includes('status of 400'));
  expect(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused, 1);

  await data.getByLabel('Password', { exact: true }).fill('password123');
  await data.getByRole('button', { name: 'Delete My Account Forever' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  // Signed out, the member lands where signing out from the profile lands.
  await expect(page).toHaveURL('/auth');

  // The confirmation went to the old address.
  const link = await mailedLink(browser, baseURL, {
    to: `${username}@example.com`,
    subject: 'Your Local Battles account was deleted',
    link: /\/privacy$/,
  });
  expect(new URL(link).pathname).toBe('/privacy');
});

test('the privacy page opens from the footer and names who processes the data', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who processes it' })).toBeVisible();
  await expect(page.getByText(/Map tiles: the map loads its images from/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'your profile' })).toBeVisible();
});
