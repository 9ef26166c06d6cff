import type { CouponDto } from '#shared/redemption.ts';
import { isSeededShop, seededCode } from './credentials.ts';
import { expect, registerViaAuthPage, test, uniqueName } from './fixtures.ts';

/*
 * docs/RULES.md rule 22: the home page knows its reader. A visitor and a member without a pass
 * read the spec's buttons; a pass holder's hero and promo card lead to their pass, with how far
 * they have come.
 */

test("a pass holder's home offers 'My Battle Pass' with their progress; others read the spec's buttons", async ({
  page,
}) => {
  const main = page.getByRole('main');
  const promo = page.getByRole('region', { name: 'Get Your Battle Pass' });

  await page.goto('/');
  await expect(main.getByRole('link', { name: 'Buy Battle Pass' })).toBeVisible();
  await expect(promo.getByRole('link', { name: 'Buy Your Pass Now' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'My Battle Pass' })).toHaveCount(0);

  await registerViaAuthPage(page, uniqueName('holder'));
  await expect(page).toHaveURL('/');
  await expect(main.getByRole('link', { name: 'Buy Battle Pass' })).toBeVisible();
  await expect(promo.getByRole('link', { name: 'Buy Your Pass Now' })).toBeVisible();

  expect((await page.request.post('/api/testing/create-pass')).status()).toBe(201);
  const coupons = (await (await page.request.get('/api/user/coupons')).json()) as CouponDto[];
  const first = coupons.find((coupon) => isSeededShop(coupon.business.name));
  const redeemed = await page.request.post(`/api/coupons/${String(first!.id)}/redeem`, {
    data: { redemptionCode: seededCode(first!.business.name) },
  });
  expect(redeemed.status()).toBe(200);

  await page.goto('/');
  const progress = `1 of ${String(coupons.length)} shops · 1 vote to cast`;
  const heroPass = main.getByRole('link', { name: 'My Battle Pass' }).first();
  const promoPass = promo.getByRole('link', { name: 'My Battle Pass' });
  await expect(heroPass).toHaveAccessibleDescription(progress);
  await expect(promoPass).toHaveAccessibleDescription(progress);
  await expect(promo.getByText(progress)).toBeVisible();
  await expect(main.getByRole('link', { name: /^Buy/ })).toHaveCount(0);

  await heroPass.click();
  await expect(page).toHaveURL('/profile');
});
