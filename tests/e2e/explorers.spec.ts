import type { CouponDto } from '#shared/redemption.ts';
import { isSeededShop, seededCode } from './credentials.ts';
import { expect, expectAccessible, registerWithPass, test, uniqueName } from './fixtures.ts';

/*
 * docs/decisions/0047: a member opts in to the explorer board on /profile, sees themselves on the
 * battle page's board by the shops they visited, and leaves it at once by opting out.
 */

test('a member joins the explorer board, sees themselves on the battle page, and leaves it', async ({
  page,
}) => {
  await registerWithPass(page);
  const coupons = (await (await page.request.get('/api/user/coupons')).json()) as CouponDto[];
  const coupon = coupons.find((candidate) => isSeededShop(candidate.business.name))!;
  const redeemed = await page.request.post(`/api/coupons/${String(coupon.id)}/redeem`, {
    data: { redemptionCode: seededCode(coupon.business.name) },
  });
  expect(redeemed.status()).toBe(200);
  const name = uniqueName('Trail Fox ').slice(0, 30);

  await page.goto('/profile');
  const setting = page.getByRole('region', { name: 'Explorer Board' });
  const optIn = setting.getByRole('switch', { name: 'Show me on the explorer board' });
  await expect(optIn).not.toBeChecked();
  // A web address is refused before anything is sent.
  await setting.getByRole('textbox', { name: 'Display name (optional)' }).fill('beans.example');
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(
    setting.getByText('Display name may not contain a web or email address'),
  ).toBeVisible();
  await setting.getByRole('textbox', { name: 'Display name (optional)' }).fill(name);
  await optIn.check();
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("You're on the Explorer Board")).toBeVisible();
  await expectAccessible(page);

  await page.goto('/battles/coffee');
  const board = page.getByRole('region', { name: 'Explorer Board' });
  const row = board.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '1', exact: true }).last()).toBeVisible();
  await expectAccessible(page);

  await page.goto('/profile');
  await expect(optIn).toBeChecked();
  await optIn.uncheck();
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("You're off the Explorer Board")).toBeVisible();

  await page.goto('/battles/coffee');
  await expect(board.getByRole('heading', { name: 'Explorer Board' })).toBeVisible();
  await expect(board.getByText(name)).toHaveCount(0);
});
