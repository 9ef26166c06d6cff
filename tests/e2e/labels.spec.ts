import { E2E_ADMIN } from './credentials.ts';
import { expect, expectLabelBeside, registerWithPass, signIn, test } from './fixtures.ts';

/**
 * Issue 38: a switch's or radio's label sits beside it on every page, each page opened on its own
 * (a fresh load has only that page's styles, not those another page left behind).
 */

test('the profile email switch has its label beside it', async ({ page }) => {
  await registerWithPass(page);
  await page.goto('/profile');
  await expectLabelBeside(
    page.getByRole('switch', { name: 'Emails from the organizer' }),
    page.getByText('Emails from the organizer', { exact: true }),
  );
});

test("the organizer's message audiences and draw entries have their labels beside them", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/messages');
  const audience = page.getByRole('radio', { name: /^All pass holders/ });
  await expect(audience).toBeVisible();
  await expectLabelBeside(audience, page.getByText(/^All pass holders/));

  await page.goto('/admin/draws');
  for (const name of [
    'One per pass that redeemed a coupon',
    'One per redeemed coupon',
    'One per pass that visited at least some number of shops',
  ])
    await expectLabelBeside(
      page.getByRole('radio', { name }),
      page.getByText(name, { exact: true }),
    );
});
