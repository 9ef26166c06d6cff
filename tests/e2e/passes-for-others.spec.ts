import {
  expect,
  expectAccessible,
  mailedLink,
  registerViaAuthPage,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * docs/RULES.md rule 24 in the browser: a member buys three passes as a gift, mails one with a
 * note and copies another's link; a friend without an account opens the link, creates one and
 * takes the pass; a holder who cannot come gives their unused pass away.
 */
test('buying 3 as a gift: one mailed, one taken through its link by a new member', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = uniqueName('giver');
  await registerViaAuthPage(page, buyer);
  await expect(page).toHaveURL('/');
  await page.goto('/checkout');
  await page.getByLabel('Number of passes').fill('3');
  await page.getByLabel("This is a gift: I don't need a pass myself").check();
  await expect(
    page.getByText('Total: $75 · 3 passes to give, each with its own link'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Purchase Battle Passes' }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Your 3 passes to give are ready.').first()).toBeVisible();

  await page.goto('/profile');
  const passesToGive = page.getByRole('region', { name: 'Passes to Give' });
  await expect(passesToGive.getByText('3 passes waiting for someone.')).toBeVisible();
  await expectAccessible(page);

  const first = passesToGive.getByRole('listitem', { name: 'Pass 3' });
  await first.getByRole('button', { name: 'Send by Email' }).click();
  const friendMail = `${uniqueName('friend')}@example.com`;
  await first.getByLabel('Their email').fill(friendMail);
  await first.getByLabel('Gift note (optional)').fill('Coffee is on me!');
  await first.getByRole('button', { name: 'Send Pass' }).click();
  await expect(page.getByText(`It is on its way to ${friendMail}.`)).toBeVisible();
  await expect(first.getByText(`Sent to ${friendMail}`)).toBeVisible();
  const mailed = await mailedLink(browser, baseURL, {
    to: friendMail,
    subject: `Journey Tester sent you a Huntsville Coffee Battles Battle Pass`,
    link: /\/claim\/[A-Za-z0-9_-]{43}$/,
  });
  expect(mailed).toMatch(/\/claim\/[A-Za-z0-9_-]{43}$/);

  const second = passesToGive.getByRole('listitem', { name: 'Pass 2' });
  await second.getByRole('button', { name: 'Copy Link' }).click();
  const link = await second.getByLabel('Link to this pass').inputValue();
  expect(link).toMatch(/\/claim\/[A-Za-z0-9_-]{43}$/);

  // The friend has no account yet: they make one on the link's page and take the pass there.
  const friendContext = await browser.newContext({ baseURL });
  try {
    const friend = await friendContext.newPage();
    await friend.goto(new URL(link).pathname);
    await expect(friend.getByRole('heading', { name: 'A Battle Pass for you' })).toBeVisible();
    await expectAccessible(friend);
    const friendName = uniqueName('taker');
    await friend.getByLabel('Username').fill(friendName);
    await friend.getByLabel('Email').fill(`${friendName}@example.com`);
    await friend.getByLabel('Full Name').fill('Pass Taker');
    await friend.getByLabel('Password', { exact: true }).fill('password123');
    await friend.getByLabel('Confirm Password').fill('password123');
    await friend.getByRole('button', { name: 'Create Account' }).click();
    await friend.getByRole('button', { name: 'Take This Pass' }).click();
    await expect(friend.getByText('The pass is yours')).toBeVisible();
    await friend.getByRole('link', { name: 'View My Pass' }).click();
    await expect(friend.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();

    // The same link again is used up.
    await friend.goto(new URL(link).pathname);
    await friend.getByRole('button', { name: 'Take This Pass' }).click();
    await expect(
      friend.getByText('This pass link is not valid or was already used.'),
    ).toBeVisible();

    await page.reload();
    await expect(
      passesToGive.getByRole('listitem', { name: 'Pass 2' }).getByText(`Taken by ${friendName}`),
    ).toBeVisible();
  } finally {
    await friendContext.close();
  }

  // The third nobody needs: its share of the order goes back, and only that one. A taken pass
  // offers no refund.
  await expect(
    passesToGive.getByRole('listitem', { name: 'Pass 2' }).getByRole('button', { name: 'Refund' }),
  ).toHaveCount(0);
  const third = passesToGive.getByRole('listitem', { name: 'Pass 1' });
  await third.getByRole('button', { name: 'Refund' }).click();
  await third.getByRole('button', { name: 'Keep It' }).click();
  await expect(third.getByText('Not taken yet')).toBeVisible();
  await third.getByRole('button', { name: 'Refund' }).click();
  await expect(third.getByRole('note', { name: 'Refund Pass 1?' })).toBeVisible();
  await third.getByRole('button', { name: 'Refund This Pass' }).click();
  await expect(
    page.getByText('$25.00 goes back to the card you paid with. Its link no longer works.'),
  ).toBeVisible();
  await expect(third.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(third.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
  await expect(passesToGive.getByText('1 pass waiting for someone.')).toBeVisible();
});

test('a holder who cannot come gives their unused pass away and loses it at once', async ({
  page,
}) => {
  await registerViaAuthPage(page, uniqueName('holder'));
  await expect(page).toHaveURL('/');
  expect((await page.request.post('/api/testing/create-pass')).status()).toBe(201);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Give your unused pass to someone else' }).click();
  await page.getByRole('button', { name: 'Give My Pass Away' }).click();
  await expect(page.getByText('Your pass is ready to give')).toBeVisible();
  const passesToGive = page.getByRole('region', { name: 'Passes to Give' });
  await expect(passesToGive.getByText('1 pass waiting for someone.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toHaveCount(0);
  expect((await page.request.get('/api/user/pass')).status()).toBe(404);
});
