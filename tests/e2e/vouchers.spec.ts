import { VOUCHER_PASS_NO_VOTE } from '#shared/vouchers.ts';
import { E2E_ADMIN, seededCode } from './credentials.ts';
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
import { closeRedeemedConfirmation, redeemOnPass } from './vote.ts';

const SHOP = 'Honest Bean Roasters';

/**
 * docs/RULES.md rule 24 in the browser: the organizer makes a voucher for the running battle on
 * /admin/challenges; a new member redeems it on /checkout, holds a free pass, redeems a coupon
 * with the shop's code and is told the pass does not vote (the battle's default).
 */
test('a voucher from the organizer gives a new member a free pass that redeems but does not vote', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const battle = await activeChallenge(page.request);
  const code = uniqueCode('press');

  await page.goto('/admin/challenges');
  await page.getByRole('button', { name: `Vouchers of ${battle.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Vouchers: ${battle.title}` });
  await dialog.getByLabel('Tag').fill('press');
  await dialog.getByLabel('Max uses').fill('2');
  await dialog.getByLabel('Code (optional)').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Create Voucher' }).click();
  const list = dialog.getByRole('table', { name: 'Vouchers of this battle' });
  const row = list.getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell', { name: 'press', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '0 / 2' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Never' })).toBeVisible();
  await expectAccessible(page);

  const memberContext = await browser.newContext({ baseURL });
  try {
    const member = await memberContext.newPage();
    await registerViaAuthPage(member, uniqueName('judge'));
    await expect(member).toHaveURL('/');
    await member.goto('/checkout');
    const voucher = member.getByRole('region', { name: 'Have a voucher code?' });
    await voucher.getByLabel('Voucher code').fill('NOT-A-CODE');
    await voucher.getByRole('button', { name: 'Redeem Voucher' }).click();
    await expect(
      voucher.getByText('This voucher code is not valid. Check it and try again.'),
    ).toBeVisible();
    await voucher.getByLabel('Voucher code').fill(code);
    await voucher.getByRole('button', { name: 'Redeem Voucher' }).click();
    await expect(member.getByRole('heading', { name: 'Voucher Redeemed' })).toBeVisible();
    await expectAccessible(member);
    await member.getByRole('link', { name: 'View My Pass' }).click();
    await expect(member.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();

    const confirmation = await redeemOnPass(member, SHOP, seededCode(SHOP));
    await expect(
      confirmation.getByText('Your free pass from a voucher does not vote in this battle.', {
        exact: false,
      }),
    ).toBeVisible();
    // Nothing to vote with: the screen offers 'Done' alone.
    await expect(confirmation.getByRole('button', { name: 'Done' })).toBeVisible();
    await expect(confirmation.getByRole('link', { name: 'Vote now' })).toHaveCount(0);
    await closeRedeemedConfirmation(member, SHOP);
    await expect(member.getByRole('article', { name: SHOP }).getByText('Redeemed')).toBeVisible();

    await member.getByRole('tab', { name: 'Your Votes' }).click();
    await expect(member.getByText(VOUCHER_PASS_NO_VOTE)).toBeVisible();
    await expect(member.getByText('0 votes available')).toBeVisible();
  } finally {
    await memberContext.close();
  }

  await page.reload();
  await page.getByRole('button', { name: `Vouchers of ${battle.title}`, exact: true }).click();
  await expect(
    page
      .getByRole('table', { name: 'Vouchers of this battle' })
      .getByRole('row')
      .filter({ hasText: code })
      .getByRole('cell', { name: '1 / 2' }),
  ).toBeVisible();
});
