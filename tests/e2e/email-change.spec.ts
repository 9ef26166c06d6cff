import { expect, mailedLink, registerViaAuthPage, test, uniqueName } from './fixtures.ts';

/** The browser logs a refused request's 400: expected where a journey is refused on purpose. */
function acceptLoggedRefusal(consoleErrors: string[]) {
  const refused = consoleErrors.findIndex((error) => error.includes('status of 400'));
  expect(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused, 1);
}

test('a member changes the email from the profile by the link mailed to the new address, and resets the password with it', async ({
  page,
  context,
  browser,
  baseURL,
  consoleErrors,
}) => {
  /** Follows the link of the email with this subject, as read by the organizer in the mailbox. */
  const followMailedLink = async (to: string, subject: string, link: RegExp) =>
    page.goto(await mailedLink(browser, baseURL, { to, subject, link }));
  const username = uniqueName('mover');
  const newEmail = `${username}.new@example.com`;
  await registerViaAuthPage(page, username);
  await expect(page.getByText('Registration successful')).toBeVisible();

  await page.goto('/profile');
  const account = page.getByRole('region', { name: 'Account Email' });
  await expect(account.getByText(`${username}@example.com`)).toBeVisible();
  await account.getByRole('button', { name: 'Change Email' }).click();
  await account.getByLabel('New Email').fill(newEmail);
  await account.getByLabel('Current Password').fill('wrong-password');
  await account.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(account.getByRole('alert')).toContainText('Your current password is not correct');
  acceptLoggedRefusal(consoleErrors);
  await account.getByLabel('Current Password').fill('password123');
  await account.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(account.getByRole('status')).toContainText(
    `We have sent a confirmation link to ${newEmail}`,
  );
  // Nothing changes until the link is opened.
  await expect(account.getByText(`${username}@example.com`)).toBeVisible();

  await followMailedLink(
    newEmail,
    'Confirm your new Local Battles email address',
    /\/auth\/verify-email\?token=/,
  );
  await expect(page.getByRole('heading', { name: 'Confirm Your New Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your email address is now ${newEmail}.` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(
    page.getByRole('region', { name: 'Account Email' }).getByText(newEmail),
  ).toBeVisible();

  // Password reset now goes to the new address.
  await context.clearCookies();
  await page.goto('/auth/reset');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account uses this email address')).toBeVisible();
  await followMailedLink(newEmail, 'Reset your Local Battles password', /\/auth\/reset\?token=/);
  await page.getByLabel('New Password', { exact: true }).fill('moved-password');
  await page.getByLabel('Confirm New Password').fill('moved-password');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page).toHaveURL('/profile');
});

test('a used or made-up confirmation link says so, with no button to press', async ({ page }) => {
  await page.goto('/auth/verify-email?token=not-a-real-token');
  await expect(
    page.getByRole('alert').filter({ hasText: 'invalid, has expired or was already used' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm New Email' })).toHaveCount(0);
});
