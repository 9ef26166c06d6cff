import { E2E_ADMIN } from './credentials.ts';
import {
  activeChallenge,
  expect,
  expectAccessible,
  registerViaAuthPage,
  signIn,
  test,
  uniqueCode,
  uniqueName,
} from './fixtures.ts';

/**
 * docs/decisions/0044 in the browser: the organizer makes a 20%-off promo code for the running
 * battle on /admin/challenges; a new member applies it on the sandbox payment page, sees the new
 * total, pays it, and the receipt in the sandbox mailbox shows the discount.
 */
test('a promo code from the organizer takes 20% off on the sandbox payment page', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const battle = await activeChallenge(page.request);
  const code = uniqueCode('spring');
  const full = battle.price * 100;
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  await page.goto('/admin/challenges');
  await page.getByRole('button', { name: `Promo codes of ${battle.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Promo codes: ${battle.title}` });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await dialog.getByRole('textbox', { name: 'Percent off' }).fill('20');
  await dialog.getByLabel('Max uses (optional)').fill('5');
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  const row = dialog
    .getByRole('table', { name: 'Promo codes of this battle' })
    .getByRole('row')
    .filter({ hasText: code });
  await expect(row.getByRole('cell', { name: '20% off' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '0 / 5' })).toBeVisible();
  await expectAccessible(page);

  const username = uniqueName('saver');
  const memberContext = await browser.newContext({ baseURL });
  try {
    const member = await memberContext.newPage();
    await registerViaAuthPage(member, username);
    await expect(member).toHaveURL('/');
    await member.goto('/checkout');
    await member.getByRole('button', { name: 'Purchase Battle Pass' }).click();
    await expect(member).toHaveURL(/\/checkout\/sandbox\/sbx_/);
    await member.getByRole('textbox', { name: 'Promo code' }).fill('NOT-A-CODE');
    await member.getByRole('button', { name: 'Apply' }).click();
    await expect(
      member.getByRole('alert').getByText('This promo code is not valid. Check it and try again.'),
    ).toBeVisible();
    await member.getByRole('textbox', { name: 'Promo code' }).fill(code.toLowerCase());
    await member.getByRole('button', { name: 'Apply' }).click();
    await expect(member.getByRole('status')).toHaveText(
      `Promo code ${code}: ${money(full / 5)} off ${money(full)}. Total ${money(full * 0.8)}.`,
    );
    await expectAccessible(member);
    await member.getByRole('button', { name: `Pay ${money(full * 0.8)}` }).click();
    await expect(member.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  } finally {
    await memberContext.close();
  }

  await page.goto('/sandbox/mailbox');
  await page.getByLabel('Email address').fill(`${username}@example.com`);
  await page.getByRole('button', { name: 'Show Mail' }).click();
  const receipt = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: `Your ${battle.title} Battle Pass receipt` }),
  });
  await expect(receipt.getByText(`Price paid: ${money(full * 0.8)}`)).toBeVisible();
  await expect(
    receipt.getByText(`Promo code discount: ${money(full / 5)} off the full price`),
  ).toBeVisible();

  await page.goto('/admin/challenges');
  await page.getByRole('button', { name: `Promo codes of ${battle.title}`, exact: true }).click();
  await expect(
    page
      .getByRole('table', { name: 'Promo codes of this battle' })
      .getByRole('row')
      .filter({ hasText: code })
      .getByRole('cell', { name: '1 / 5' }),
  ).toBeVisible();
});
