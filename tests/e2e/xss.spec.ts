import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';
import { expect, signIn, test, uniqueName } from './fixtures.ts';

/**
 * Stored XSS: hostile text saved through the organizer API (rich text and every other text
 * field) and through registration is shown on every page that displays it. No script may run
 * and no handler may fire: each payload would set window.__xss.
 */
const payload = (tag: string) =>
  [
    `<script>window.__xss='${tag}-script'</script>`,
    `<img src=x onerror="window.__xss='${tag}-img'">`,
    `<svg onload="window.__xss='${tag}-svg'"></svg>`,
    `"><iframe src="javascript:window.parent.__xss='${tag}-iframe'"></iframe>`,
    `<a href="javascript:window.__xss='${tag}-link'">click me ${tag}</a>`,
    `<a href="data:text/html,<script>window.__xss=1</script>">data ${tag}</a>`,
    `<div style="background:url(javascript:window.__xss=1)" onclick="window.__xss='${tag}-click'">clickable ${tag}</div>`,
  ].join('');

async function expectNoScriptRan(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: string }).__xss),
  ).toBeUndefined();
}

test('hostile text in shops and accounts never runs in the browser', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const challenge = (await (await page.request.get('/api/challenge/active')).json()) as {
    id: number;
  };
  const marker = uniqueName('xss');
  const created = await page.request.post('/api/admin/businesses', {
    data: {
      challengeId: challenge.id,
      name: `${marker} <img src=x onerror="window.__xss='name'">`,
      description: payload('description'),
      longDescription: `<p><strong>Safe bold</strong></p>${payload('rich')}`,
      address: `1 Main St <img src=x onerror="window.__xss='address'"><script>window.__xss='a'</script>`,
      phone: '"><script>window.__xss="phone"</script>',
      specialties: `Espresso, <img src=x onerror="window.__xss='specialties'">, <svg onload="window.__xss='s'">`,
      hours: JSON.stringify({
        [`<img src=x onerror="window.__xss='hours'">`]: payload('hourvalue'),
      }),
      position: 99,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shop = (await created.json()) as { id: number; longDescription: string };
  expect(shop.longDescription).toContain('<strong>Safe bold</strong>');
  expect(shop.longDescription).not.toMatch(/<script|onerror|onload|javascript:|<iframe|data:text/i);

  for (const path of [`/business/${shop.id}`, '/', '/admin/businesses', '/admin/leaderboard']) {
    await page.goto(path);
    await expectNoScriptRan(page);
  }
  await page.goto(`/business/${shop.id}`);
  await expect(page.getByText('Safe bold')).toBeVisible();
  // Links and clickable text that survived as text must do nothing when clicked.
  for (const text of [/click me rich/, /clickable rich/, /data rich/]) {
    const target = page.getByText(text).first();
    if (await target.count())
      await target.click({ force: true, noWaitAfter: true }).catch(() => {});
  }
  await expectNoScriptRan(page);

  // A member whose name carries the same payloads.
  await page.request.post('/api/logout');
  const username = `${marker}<svg onload=x>`.slice(0, 40);
  const registered = await page.request.post('/api/register', {
    data: {
      username,
      email: `${marker}@example.com`,
      fullName: payload('fullname').slice(0, 90),
      password: 'password123',
    },
  });
  expect(registered.status()).toBe(201);
  for (const path of ['/', '/profile', '/checkout']) {
    await page.goto(path);
    await expectNoScriptRan(page);
  }
  expect(dialogs).toBe(0);

  // Clean up: the shop leaves the seeded challenge again.
  await page.request.post('/api/logout');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  expect((await page.request.delete(`/api/admin/businesses/${shop.id}`)).status()).toBe(204);
});
