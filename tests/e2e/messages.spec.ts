import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';
import {
  activeChallenge,
  expect,
  expectAccessible,
  isPhone,
  moveClocks,
  registerWithPass,
  resetClock,
  signIn,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * docs/RULES.md rule 20: an organizer writes to the battle's pass holders from /admin/messages; the member
 * reads it (with its one-click unsubscribe) and stops organizer mail from the link or /profile.
 * docs/decisions/0025-organizer-mail.md: an upcoming battle's home takes an email for 'Tell me when passes go on sale'.
 */

/** The newest email with this subject to `to`, open in the organizer's sandbox mailbox. */
async function openMail(page: Page, to: string, subject: string) {
  await page.goto('/sandbox/mailbox');
  const email = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  // The worker sends within a few seconds: look again until it is there.
  await expect(async () => {
    await page.getByLabel('Email address').fill(to);
    await page.getByRole('button', { name: 'Show Mail' }).click();
    await expect(email).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  return email;
}

test('an organizer writes to pass holders, and a member unsubscribes with one click', async ({
  page,
  browser,
  baseURL,
}) => {
  const username = await registerWithPass(page, uniqueName('reader'));
  const email = `${username}@example.com`;

  const organizerContext = await browser.newContext({ baseURL });
  const organizer = await organizerContext.newPage();
  try {
    await signIn(organizer, E2E_ADMIN.username, E2E_ADMIN.password);
    await organizer.goto('/admin');
    await organizer
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await expect(organizer.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    const subject = `Double stamps ${username}`;
    await organizer.getByLabel('Subject', { exact: true }).fill(subject);
    await organizer
      .getByLabel('Message', { exact: true })
      .fill('Bring a friend on Saturday.\nDetails: https://example.com/saturday');
    // Every audience shows how many it reaches before anything is sent.
    const noRedemptions = organizer.getByRole('radio', {
      name: /^No coupon redeemed yet \(\d+ members?\)$/,
    });
    await noRedemptions.check();
    await expect(
      organizer.getByRole('status').filter({ hasText: /^This message reaches \d+ members?\.$/ }),
    ).toBeVisible();
    await organizer.getByRole('button', { name: 'Preview' }).click();
    const preview = organizer.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText(subject)).toBeVisible();
    await expect(
      preview.getByRole('link', { name: 'https://example.com/saturday' }),
    ).toHaveAttribute('href', 'https://example.com/saturday');
    await expectAccessible(organizer);

    // A test copy goes to the organizer alone, marked as a test.
    await organizer.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(
      organizer.getByText(`A test copy is on its way to ${E2E_ADMIN.email}.`),
    ).toBeVisible();

    // Sending asks first, naming how many members it reaches; Cancel sends nothing.
    const reach = await organizer
      .getByRole('status')
      .filter({ hasText: /^This message reaches \d+ members?\.$/ })
      .innerText();
    const members = /reaches (\d+ members?)\./.exec(reach)![1]!;
    await organizer.getByRole('button', { name: 'Send Message' }).click();
    const confirm = organizer.getByRole('dialog', { name: `Send to ${members}?` });
    await expect(confirm).toContainText('To: No coupon redeemed yet');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(organizer.getByText(/^Queued for/)).toBeHidden();
    await organizer.getByRole('button', { name: 'Send Message' }).click();
    await expectAccessible(organizer);
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(organizer.getByText(`Queued for ${members}.`)).toBeVisible();
    const row = organizer
      .getByRole('table', { name: 'Messages sent' })
      .getByRole('row', { name: new RegExp(subject) });
    await expect(row).toBeVisible();
    // Phones show the subject and delivered count; wider screens the audience too.
    await expect(row.getByRole('cell', { name: /^\d+$/ }).first()).toBeVisible();
    if (!isPhone(organizer))
      await expect(row.getByRole('cell', { name: 'No coupon redeemed yet' })).toBeVisible();

    // The organizer's test copy reads as the members' does.
    const test = await openMail(organizer, E2E_ADMIN.email, `[Test] ${subject}`);
    await expect(test.getByText('Bring a friend on Saturday.', { exact: false })).toBeVisible();

    // The member's copy: the text, a clickable link, and the unsubscribe headers and link.
    const mail = await openMail(organizer, email, subject);
    await expect(mail.getByText('List-Unsubscribe-Post:')).toBeVisible();
    await expect(mail.getByText('List-Unsubscribe=One-Click')).toBeVisible();
    const unsubscribe = await mail
      .getByRole('link', { name: /\/api\/email\/unsubscribe\?token=/ })
      .getAttribute('href');
    expect(unsubscribe).toBeTruthy();

    // Opening the link only asks; the button unsubscribes.
    await page.goto(unsubscribe!);
    await expect(
      page.getByRole('heading', { name: "Unsubscribe from the organizer's emails?" }),
    ).toBeVisible();
    expect(await (await page.request.get('/api/profile/mail-preferences')).json()).toEqual({
      organizerMail: true,
    });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

    // /profile shows the switch off, and turns it on again.
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Emails from the organizer' });
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expect(page.getByText('Organizer Emails On')).toBeVisible();
    await expect(toggle).toBeChecked();
    expect(await (await page.request.get('/api/profile/mail-preferences')).json()).toEqual({
      organizerMail: true,
    });
  } finally {
    await organizerContext.close();
  }
});

test("an upcoming battle's home takes an email for 'Tell me when passes go on sale'", async ({
  page,
}) => {
  const challenge = await activeChallenge(page.request);
  try {
    await moveClocks(page, Date.parse(challenge.startDate) - Date.now() - 60 * 60 * 1000);
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Tell me when passes go on sale' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Tell Me' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await form.getByLabel('Your email').fill(`${uniqueName('fan')}@example.com`);
    await form.getByRole('button', { name: 'Tell Me' }).click();
    await expect(form.getByRole('status')).toContainText(
      "We'll email you once when passes go on sale",
    );
    await expectAccessible(page);
  } finally {
    await resetClock(page);
  }
});
