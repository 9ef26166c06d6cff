import {
  controlledByServiceWorker,
  expect,
  registerViaAuthPage,
  serviceWorkerActive,
  test,
  testAllowingPageErrors,
  uniqueName,
} from './fixtures.ts';

/** The offline journeys see the browser's own failed requests; the others fail on any error. */
const offlineTest = testAllowingPageErrors;

interface WebManifest {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

test('the public pages arrive rendered: content without running the app', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Participating Coffee Shops' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Honest Bean Roasters' })).toBeVisible();
  await page.getByRole('link', { name: 'View Details' }).first().waitFor();
  const shops = (await (await page.request.get('/api/businesses')).json()) as { id: number }[];
  await page.goto(`/business/${String(shops[0]?.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Honest Bean Roasters' })).toBeVisible();
  await context.close();
});

test('the site is installable: a valid manifest and a service worker controlling the page', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href ?? '');
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as WebManifest;
  expect(manifest).toMatchObject({
    name: 'Local Battles',
    start_url: '/profile',
    display: 'standalone',
    theme_color: '#8c5a2f',
  });
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((each) => each.sizes === size && each.purpose === purpose);
      expect(icon, `${purpose} icon ${size}`).toBeDefined();
      const image = await page.request.get(icon?.src ?? '');
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  }
  await controlledByServiceWorker(page);
  // Chromium's own manifest parser and installability checks (Lighthouse 12 no longer has its
  // PWA audits). A test browser's profile is always incognito-like: that one is not the site's.
  const devtools = await page.context().newCDPSession(page);
  const { errors } = await devtools.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
});

test('a returning visitor gets the server’s document on /, not the worker’s app shell', async ({
  page,
}) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  for (let visit = 0; visit < 2; visit += 1) {
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    // The document carries its content in the first HTML; the shell has only the app's root.
    expect(html).toContain('Participating Coffee Shops');
    expect(html).toMatch(/<title>[^<]+ - Local Battles<\/title>/);
  }
});

offlineTest(
  '/profile opens offline with the pass, says so, redeeming saves the code and voting waits for the network',
  async ({ page, context }) => {
    const username = uniqueName('offline');
    await registerViaAuthPage(page, username);
    await expect(page.getByText(`Welcome to Local Battles, ${username}!`)).toBeVisible();
    // /profile then opens with the worker already active (fixtures.ts serviceWorkerActive).
    await serviceWorkerActive(page);
    expect((await page.request.post('/api/testing/create-pass')).status()).toBe(201);
    await page.goto('/profile');
    await controlledByServiceWorker(page);
    // The visit the service worker sees from the start: it keeps the page, drawn with the pass.
    await page.reload();
    const coupon = page.getByRole('article', { name: 'Honest Bean Roasters' });
    await expect(coupon.getByRole('button', { name: 'Redeem Coupon' })).toBeEnabled();
    await expect(page.getByText(/^Offline/)).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();
    await expect(page.getByText(/^Offline — last updated /)).toBeVisible();
    // Redeem saves the code until the network is back (docs/decisions/0042, offline-redeem.spec.ts);
    // said once for the pass, not on every coupon.
    await expect(coupon.getByRole('button', { name: 'Redeem Coupon' })).toBeEnabled();
    await expect(
      page.getByText(
        "You are offline: a code you redeem is saved, and counts when you're back online.",
      ),
    ).toHaveCount(1);
    await page.getByRole('tab', { name: 'Your Votes' }).click();
    await expect(page.getByText('You are offline: voting needs the network.')).toBeVisible();
    for (const button of await page.getByRole('button', { name: /^Vote/ }).all()) {
      await expect(button).toBeDisabled();
    }

    // Back online the notice goes; signing out forgets the member's saved answers.
    await context.setOffline(false);
    await expect(page.getByText(/^Offline/)).toHaveCount(0);
    const savedAnswers = () =>
      page.evaluate(async () => (await (await caches.open('api')).keys()).length);
    // The page arrived with its answers; the coupons' 2-second refresh goes through the worker.
    await expect.poll(savedAnswers).toBeGreaterThan(0);
    // Who is signed in is read offline from the page's own copy only, which never keeps a
    // signed-out answer (src/shared/offline.ts).
    const keptCheck = await page.evaluate(async () => Boolean(await caches.match('/api/session')));
    expect(keptCheck).toBe(false);
    // The copy of /profile the worker keeps is drawn with this member's pass (the server renders
    // it with their account): it goes with the account too.
    const keptProfile = () =>
      page.evaluate(async () => Boolean(await (await caches.open('pages')).match('/profile')));
    expect(await keptProfile()).toBe(true);
    await page.goto('/');
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await expect.poll(savedAnswers).toBe(0);
    await expect.poll(keptProfile).toBe(false);
    await context.setOffline(true);
    await page.goto('/profile');
    await expect(page.getByText('Your pass appears here once you are back online.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toHaveCount(0);
  },
);

offlineTest(
  '/profile opens offline with the pass after one visit, before the service worker saw any answer',
  async ({ page, context }) => {
    // Register and buy through the API: the first page this browser opens is /profile.
    const username = uniqueName('firstvisit');
    const registered = await page.request.post('/api/register', {
      data: {
        username,
        email: `${username}@example.com`,
        fullName: 'First Visit',
        password: 'password123',
      },
    });
    expect(registered.status()).toBe(201);
    expect((await page.request.post('/api/testing/create-pass')).status()).toBe(201);
    await page.goto('/profile');
    const coupon = page.getByRole('article', { name: 'Honest Bean Roasters' });
    await expect(coupon.getByRole('button', { name: 'Redeem Coupon' })).toBeEnabled();
    // The service worker takes the page only after its answers arrived: it kept none of them.
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your Coffee Challenge' })).toBeVisible();
    await expect(page.getByText(/^Offline — last updated /)).toBeVisible();
    await expect(coupon.getByRole('button', { name: 'Redeem Coupon' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);

    // Signed out, the page's copy goes too: offline, /profile then says what it waits for.
    await context.setOffline(false);
    await page.goto('/');
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    const kept = await page.evaluate(() => localStorage.getItem('offline-answers'));
    expect(kept ?? '').not.toContain('/api/user');
    // One more signed-out visit online to an app page that asks who is signed in (a public
    // page does not ask, nor one drawn signed out, ADR 0027), which the service worker sees:
    // whoever holds this phone next may hold a pass, and offline the sign-in form could not work
    // anyway. /auth's signed-out copy is not kept either (src/shared/offline.ts).
    const signedOutCheck = page.waitForResponse((answer) => answer.url().endsWith('/api/session'));
    await page.goto('/admin');
    expect(await (await signedOutCheck).json()).toEqual({ user: null });
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await context.setOffline(true);
    await page.goto('/profile');
    await expect(page.getByText('Your pass appears here once you are back online.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
    await page.goto('/auth');
    await expect(page.getByText('Signing in needs the network')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
  },
);

test('a page the worker did not answer is taken over once the worker is active', async ({
  page,
}) => {
  await page.goto('/auth');
  await serviceWorkerActive(page);
  // A reload that bypasses the worker, as the page a navigation opens while the worker activates
  // is never the worker's: clientsClaim at activation only takes the pages already open.
  const devtools = await page.context().newCDPSession(page);
  await Promise.all([
    page.waitForEvent('load'),
    devtools.send('Page.reload', { ignoreCache: true }),
  ]);
  // The app asks the active worker to take it (src/client/register-service-worker.ts), so the
  // answers it fetches next are kept for the pass offline.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
});

test('a new version announces itself and takes over on Reload', async ({ page }) => {
  // The app announces it (a public page is a document, docs/decisions/0027, reloaded anyway).
  await page.goto('/auth');
  await controlledByServiceWorker(page);
  await expect(page.getByText('Update available')).toHaveCount(0);
  // A deploy, simulated: a worker from another script URL installs beside the running one and
  // waits, as a changed sw.js does.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?next-version');
  });
  await expect(page.getByText('Update available')).toBeVisible({ timeout: 60_000 });
  await page.evaluate(() => {
    Object.assign(window, { beforeUpdate: true });
  });
  await page.getByRole('button', { name: 'Reload' }).click();
  // The waiting version now controls a freshly loaded page. (This page then offers '/sw.js'
  // again, the simulation's own next version; a real deploy keeps one script URL.)
  await page.waitForFunction(
    () =>
      !('beforeUpdate' in window) &&
      navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js?next-version') === true,
    undefined,
    { timeout: 60_000 },
  );
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
});
