import type { BrowserContext, Page } from '@playwright/test';
import { OFFLINE_REDEMPTION_QUEUE } from '#shared/offline.ts';
import type { CouponDto } from '#shared/redemption.ts';
import { seededCode } from './credentials.ts';
import {
  controlledByServiceWorker,
  expect,
  registerWithPass,
  serviceWorkerActive,
  testAllowingPageErrors,
} from './fixtures.ts';

/**
 * docs/decisions/0042, the member at a counter without signal: Redeem keeps the code on the phone
 * and says it is saved, never redeemed; back online (or at the app's next opening) the server
 * judges it, and the coupon says whether it counted.
 */

// Offline the browser logs its own failed requests; the page's errors are the test's business.
const offlineTest = testAllowingPageErrors;

const SHOP = 'Honest Bean Roasters';
const OFFLINE_NOTE =
  "You are offline: a code you redeem is saved, and counts when you're back online.";

/** The codes saved on the phone (src/client/features/redemption/offline-redemptions.ts). */
const savedOnPhone = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('local-battles', 1);
        request.onupgradeneeded = () => {
          request.result.createObjectStore('offline-redemptions', { keyPath: 'nonce' });
        };
        request.onsuccess = () => {
          const count = request.result
            .transaction('offline-redemptions')
            .objectStore('offline-redemptions')
            .count();
          count.onsuccess = () => {
            request.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(new Error('count failed'));
        };
        request.onerror = () => reject(new Error('open failed'));
      }),
  );

/**
 * A new pass holder opens /profile with signal, then loses it. The service worker must control the
 * page first: the app and its data are then on the phone, as for a member who opened it before
 * walking into the cellar (without it the page could go offline before its app had loaded).
 */
async function passHolderOffline(page: Page, context: BrowserContext) {
  await registerWithPass(page);
  await serviceWorkerActive(page);
  await page.goto('/profile');
  await expect(
    page.getByRole('article', { name: SHOP }).getByRole('button', { name: 'Redeem Coupon' }),
  ).toBeEnabled();
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_NOTE)).toBeVisible();
}

async function redeemOffline(page: Page, code: string) {
  const card = page.getByRole('article', { name: SHOP });
  await card.getByRole('button', { name: 'Redeem Coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem Coupon' });
  await dialog.getByLabel('Redemption Code').fill(code);
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  // The cashier's screen: saved, plainly not the redeemed one.
  const saved = page.getByRole('dialog', { name: 'Saved Offline: Not Yet Redeemed' });
  await expect(saved).toBeVisible();
  await expect(saved.getByText("Saved: it counts when you're back online")).toBeVisible();
  await expect(saved.getByText(SHOP)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Coupon Redeemed' })).toHaveCount(0);
  await expect(page.getByText(/has been redeemed/)).toHaveCount(0);
  await saved.getByRole('button', { name: 'Done' }).click();
  // The coupon: saved with the time it was typed, still not redeemed, no second Redeem.
  await expect(card.getByText('Saved offline, not yet counted')).toBeVisible();
  await expect(card.getByText(/^Typed /)).toBeVisible();
  await expect(card.getByText('Redeemed', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
  expect(await savedOnPhone(page)).toBe(1);
  return card;
}

async function couponAt(page: Page): Promise<CouponDto> {
  const coupons = (await (await page.request.get('/api/user/coupons')).json()) as CouponDto[];
  const coupon = coupons.find((each) => each.business.name === SHOP);
  if (!coupon) throw new Error(`no coupon at ${SHOP}`);
  return coupon;
}

offlineTest(
  'a code typed without signal is saved, not redeemed, and counts once the phone is back online',
  async ({ page, context }) => {
    await passHolderOffline(page, context);
    const card = page.getByRole('article', { name: SHOP });
    await redeemOffline(page, seededCode(SHOP));
    expect((await couponAt(page)).redeemed).toBe(false);

    await context.setOffline(false);
    await expect(card.getByText('Redeemed', { exact: true })).toBeVisible();
    await expect(card.getByText('Saved offline, not yet counted')).toHaveCount(0);
    await expect(
      page.getByText(/typed offline on .*, has been redeemed. You earned a vote!/),
    ).toBeVisible();
    // The worker's copy may have been judged first: the app forgets its own once it sends it.
    await expect.poll(() => savedOnPhone(page)).toBe(0);
    const coupon = await couponAt(page);
    expect(coupon).toMatchObject({ redeemed: true });
    expect(coupon.enteredAt).not.toBeNull();
    expect(coupon.syncedAt).toBe(coupon.redeemedAt);
    // Its vote is there to cast.
    await page.getByRole('tab', { name: 'Your Votes' }).click();
    await expect(page.getByText('1 vote available')).toBeVisible();
  },
);

offlineTest(
  'a wrong code typed offline is sent when the app opens again, refused, and the coupon says why',
  async ({ page, context }) => {
    await passHolderOffline(page, context);
    const wrong = seededCode(SHOP) === '0000' ? '1111' : '0000';
    await redeemOffline(page, wrong);

    // The app is closed without signal and opened again with it: the saved code goes then.
    await page.close();
    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto('/profile');
    const card = reopened.getByRole('article', { name: SHOP });
    await expect(
      card.getByText(
        /^Not counted \(typed .* offline\): Invalid redemption code: it was not the shop's code/,
      ),
    ).toBeVisible();
    await expect(card.getByText('Available', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Redeem Coupon' })).toBeEnabled();
    // The worker may have sent it already (the refusal shows at once); the app's copy goes once
    // the app has sent it too and heard the same answer.
    await expect.poll(() => savedOnPhone(reopened)).toBe(0);
    expect((await couponAt(reopened)).redeemed).toBe(false);

    // Still available: the cashier's code now redeems it, online, as usual.
    await card.getByRole('button', { name: 'Redeem Coupon' }).click();
    const dialog = reopened.getByRole('dialog', { name: 'Redeem Coupon' });
    await dialog.getByLabel('Redemption Code').fill(seededCode(SHOP));
    await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(reopened.getByRole('dialog', { name: 'Coupon Redeemed' })).toBeVisible();
  },
);

/** Fires the service worker's background sync of saved codes, as the browser does once online. */
async function fireBackgroundSync(context: BrowserContext, origin: string) {
  const blank = await context.newPage();
  const devtools = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) => {
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((each) => each.scopeURL.startsWith(origin));
      if (ours) resolve(ours.registrationId);
    });
  });
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registration,
    // Workbox's tag for the queue OFFLINE_REDEMPTION_QUEUE names (#shared/offline.ts).
    tag: `workbox-background-sync:${OFFLINE_REDEMPTION_QUEUE.name}`,
    lastChance: false,
  });
  await blank.close();
}

offlineTest(
  'with the app closed, the service worker sends a code typed offline once the phone is back online, and the app says so when it opens',
  async ({ page, context, baseURL }) => {
    await passHolderOffline(page, context);
    await redeemOffline(page, seededCode(SHOP));
    expect((await couponAt(page)).redeemed).toBe(false);

    // The member puts the phone away; it finds signal with no page of ours open.
    const request = page.request;
    await page.close();
    await context.setOffline(false);
    await fireBackgroundSync(context, new URL(baseURL ?? '').origin);
    await expect
      .poll(async () => {
        const coupons = (await (await request.get('/api/user/coupons')).json()) as CouponDto[];
        return coupons.find((each) => each.business.name === SHOP);
      })
      .toMatchObject({ redeemed: true, enteredAt: expect.any(String) });

    // Opened later: counted, said once, nothing left on the phone.
    const reopened = await context.newPage();
    await reopened.goto('/profile');
    const card = reopened.getByRole('article', { name: SHOP });
    await expect(card.getByText('Redeemed', { exact: true })).toBeVisible();
    await expect(
      reopened.getByText(/typed offline on .*, has been redeemed. You earned a vote!/),
    ).toBeVisible();
    await expect.poll(() => savedOnPhone(reopened)).toBe(0);
    await reopened.getByRole('tab', { name: 'Your Votes' }).click();
    await expect(reopened.getByText('1 vote available')).toBeVisible();
  },
);
