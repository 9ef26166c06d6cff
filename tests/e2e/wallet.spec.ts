import { expect, expectAccessible, registerWithPass, test } from './fixtures.ts';

test('a pass holder downloads the Apple Wallet pass and follows the Google Wallet link from /profile', async ({
  page,
}) => {
  await registerWithPass(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();
  const wallets = page.getByRole('region', { name: "Your pass in your phone's wallet" });
  const apple = wallets.getByRole('link', { name: 'Add to Apple Wallet' });
  await expect(apple).toBeVisible();
  await expectAccessible(page);

  // The .pkpass comes as Apple's content type, which hands it to Wallet on an iPhone.
  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((response) => response.url().endsWith('/api/user/pass/wallet.pkpass')),
    apple.click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  expect(download.suggestedFilename()).toBe('battle-pass.pkpass');

  // Google's save page is not reachable from tests: the link it is sent to is checked instead.
  await page.route('https://pay.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Google Wallet</title>' }),
  );
  await wallets.getByRole('button', { name: 'Save to Google Wallet' }).click();
  await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
});
