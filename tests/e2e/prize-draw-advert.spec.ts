import type { Browser } from '@playwright/test';
import type { MemberDraws } from '#shared/draws.ts';
import type { CouponDto } from '#shared/redemption.ts';
import { E2E_ADMIN, isSeededShop, seededCode } from './credentials.ts';
import { activeChallenge, expect, registerWithPass, signIn, test, uniqueName } from './fixtures.ts';

/*
 * docs/RULES.md rule 19: while a prize draw is committed, the pages that sell or show a pass say
 * what an entry is and what it wins; the member's /profile counts their own entries and names
 * their pass as the published files do, so they can find themselves in the results.
 */

async function commitDraw(browser: Browser, baseURL: string | undefined, challengeId: number) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  const prize = uniqueName('A year of coffee ');
  const created = await admin.request.post(`/api/admin/challenges/${String(challengeId)}/draws`, {
    data: { prize, winnerCount: 2, entries: 'coupons' },
  });
  expect(created.status()).toBe(201);
  await context.close();
  return prize;
}

test("a committed prize draw is advertised where the pass is sold, and the member's /profile counts their entries and names their pass", async ({
  page,
  browser,
  baseURL,
}) => {
  const challenge = await activeChallenge(page.request);
  const prize = await commitDraw(browser, baseURL, challenge.id);
  const advert = `Every redeemed coupon is one entry to win ${prize}: 2 winners drawn when the battle ends.`;

  await page.goto('/');
  const promo = page.getByRole('region', { name: 'Get Your Battle Pass' });
  await expect(promo.getByText(advert)).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText(advert)).toBeVisible();

  await registerWithPass(page);
  const coupons = (await (await page.request.get('/api/user/coupons')).json()) as CouponDto[];
  const coupon = coupons.find((candidate) => isSeededShop(candidate.business.name))!;
  const redeemed = await page.request.post(`/api/coupons/${String(coupon.id)}/redeem`, {
    data: { redemptionCode: seededCode(coupon.business.name) },
  });
  expect(redeemed.status()).toBe(200);
  const { pass } = (await (await page.request.get('/api/user/draws')).json()) as MemberDraws;

  await page.goto('/profile');
  const draws = page.getByRole('region', { name: 'Prize draws and results' });
  await expect(draws.getByText(`${prize}: your 1 entry`)).toBeVisible();
  await expect(draws.getByText(advert)).toBeVisible();
  await expect(draws.getByText('Your pass in the published results:')).toBeVisible();
  await expect(draws.getByText(pass, { exact: true })).toBeVisible();
});
