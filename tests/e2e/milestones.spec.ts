import type { AdminMilestone } from '#shared/milestones.ts';
import type { CouponDto } from '#shared/redemption.ts';
import { E2E_ADMIN, isSeededShop, seededCode } from './credentials.ts';
import {
  activeChallenge,
  expect,
  expectAccessible,
  registerWithPass,
  signIn,
  test,
} from './fixtures.ts';
import { closeRedeemedConfirmation, redeemOnPass } from './vote.ts';

/**
 * docs/decisions/0046 in the browser: the organizer adds a milestone to the running battle, a
 * member sees it as the next one on their pass, reaches it with a redeem and gets a pick-up code,
 * and the organizer marks the reward collected on the phone. The tier has a stock of one, so no
 * other journey's member on this server reaches it; each run adds the next free number of shops.
 */
test('a member reaches a milestone, shows the pick-up code, and the organizer marks it collected', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const battle = await activeChallenge(page.request);
  const existing = (await (
    await page.request.get(`/api/admin/challenges/${String(battle.id)}/milestones`)
  ).json()) as AdminMilestone[];
  const shops = Math.max(1, ...existing.map((tier) => tier.shops)) + 1;

  await page.goto('/admin/challenges');
  await page.getByRole('button', { name: `Milestones of ${battle.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Milestones: ${battle.title}` });
  await dialog.getByLabel('Shops').fill(String(shops));
  await dialog.getByLabel('Reward').fill('pint glass');
  // The reward in Spanish, in its own tab (docs/decisions/0050).
  await dialog.getByRole('tab', { name: 'Español' }).click();
  await dialog.getByLabel('Reward').fill('vaso de pinta');
  await dialog.getByLabel('Stock (optional)').fill('1');
  await dialog.getByRole('button', { name: 'Add Milestone' }).click();
  const row = dialog
    .getByRole('table', { name: 'Milestones of this battle' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(shops), exact: true }) });
  await expect(row.getByRole('cell', { name: '0 / 1', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'pint glass', exact: true })).toBeVisible();
  const tiersIn = async (language: string) =>
    (
      (await (
        await page.request.get(`/api/challenges/${String(battle.id)}/milestones`, {
          headers: { 'accept-language': language },
        })
      ).json()) as AdminMilestone[]
    ).find((tier) => tier.shops === shops)?.reward;
  expect(await tiersIn('es')).toBe('vaso de pinta');
  expect(await tiersIn('en')).toBe('pint glass');
  await expectAccessible(page);

  const memberContext = await browser.newContext({ baseURL });
  let pickupCode = '';
  try {
    const member = await memberContext.newPage();
    const username = await registerWithPass(member);
    const coupons = (
      (await (await member.request.get('/api/user/coupons')).json()) as CouponDto[]
    ).filter((coupon) => isSeededShop(coupon.business.name));
    // All but the last shop through the API: the counter has journeys of its own.
    for (const coupon of coupons.slice(0, shops - 1)) {
      const redeemed = await member.request.post(`/api/coupons/${String(coupon.id)}/redeem`, {
        data: { redemptionCode: seededCode(coupon.business.name) },
      });
      expect(redeemed.status()).toBe(200);
    }
    await member.goto('/profile');
    const milestones = member.getByRole('region', { name: 'Milestones' });
    await expect(
      milestones.getByText(
        new RegExp(
          `^You've visited ${String(shops - 1)} of \\d+ shops: 1 more for the pint glass$`,
        ),
      ),
    ).toBeVisible();
    await expectAccessible(member);

    const last = coupons[shops - 1]!.business.name;
    const redeemed = await redeemOnPass(member, last, seededCode(last));
    await expect(
      redeemed.getByText('You reached a milestone: pint glass.', { exact: false }),
    ).toBeVisible();
    await closeRedeemedConfirmation(member, last);

    const code = milestones.getByText(/^[A-HJKMNP-Z2-9]{6}$/);
    await expect(code).toBeVisible();
    pickupCode = (await code.textContent()) ?? '';
    await expectAccessible(member);

    await page.goto('/admin/rewards');
    await expect(page.getByRole('heading', { name: 'Collect a reward' })).toBeVisible();
    await page.getByLabel('Pick-up code, username or email').fill(pickupCode.toLowerCase());
    await page.getByRole('button', { name: 'Find reward' }).click();
    const reward = page.getByRole('article').filter({ hasText: pickupCode });
    await expect(reward.getByText('Ready to collect')).toBeVisible();
    await expectAccessible(page);
    await reward
      .getByRole('button', { name: `Mark collected: pint glass for ${username}` })
      .click();
    await expect(
      page.getByRole('status').getByText(`pint glass for ${username} is marked collected.`),
    ).toBeVisible();
    await expect(reward.getByText('Collected', { exact: true })).toBeVisible();
    await expect(reward.getByRole('button', { name: /^Mark collected/ })).toHaveCount(0);

    // The member's pass, refreshed every 2 s, says so too.
    await expect(milestones.getByText('Collected', { exact: true })).toBeVisible();
    await expect(milestones.getByText(pickupCode, { exact: true })).toHaveCount(0);
  } finally {
    await memberContext.close();
  }

  // A second try is refused: the code works once.
  const again = await page.request.post('/api/admin/rewards/collect', { data: { pickupCode } });
  expect(again.status()).toBe(409);
});
