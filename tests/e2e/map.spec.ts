import type { Browser, Page } from '@playwright/test';
import type { AdminBusiness, PublicBusiness } from '#shared/businesses.ts';
import type { CouponDto } from '#shared/redemption.ts';
import { distanceKm, nearestFirst, placeOf } from '#client/lib/geo.ts';
import { E2E_ADMIN, e2ePort, seededCode } from './credentials.ts';
import {
  expect,
  expectAccessible,
  isPhone,
  MAP_TILES,
  nextLocal,
  registerWithPass,
  showAllShops,
  signIn,
  test,
  testAllowingPageErrors,
  uniqueName,
} from './fixtures.ts';

/**
 * docs/decisions/0023-map.md: the battle's shops on a map, 'Near me', 'Open now', the organizer's map in the shop
 * dialog and the member's visited shops. No tile server is reachable here: the `mapTiles` fixture
 * answers every tile request (tests/e2e/fixtures.ts); one journey refuses them instead.
 */

const SHOPS_MAP = 'Map of the participating coffee shops';

/** The organizer, signed in in a browser of their own. */
async function organizer(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${e2ePort()}` });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  return admin;
}

async function activeChallenge(page: Page): Promise<{ id: number; timeZone: string }> {
  return (await (await page.request.get('/api/challenge/active')).json()) as {
    id: number;
    timeZone: string;
  };
}

async function publicShops(page: Page): Promise<PublicBusiness[]> {
  return (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
}

/** The names on the shop cards of the home page's list, in their order. */
async function listedNames(page: Page): Promise<string[]> {
  return page
    .locator('#shops')
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

test.describe("the battle's map", () => {
  let night: AdminBusiness;
  let unplaced: AdminBusiness;
  let admin: Page;

  test.beforeEach(async ({ browser }) => {
    admin = await organizer(browser);
    const { id: challengeId } = await activeChallenge(admin);
    const create = async (name: string, place: object) => {
      const answer = await admin.request.post('/api/admin/businesses', {
        data: {
          challengeId,
          name,
          description: `${name} never sleeps.`,
          address: '1 Late St, Huntsville, AL',
          hours: '{"Daily": "Open 24 hours"}',
          ...place,
        },
      });
      expect(answer.status()).toBe(201);
      return (await answer.json()) as AdminBusiness;
    };
    night = await create(uniqueName('Night Owl '), { latitude: 34.7, longitude: -86.65 });
    unplaced = await create(uniqueName('Nowhere Brew '), {});
  });

  test.afterEach(async () => {
    for (const shop of [night, unplaced])
      await admin.request.delete(`/api/admin/businesses/${shop.id}`);
    await admin.context().close();
  });

  test(
    'shows a marker per placed shop with its name, open now and a link; Near me orders the list nearest first; Open now filters on the battle clock',
    { tag: '@desktop' },
    async ({ page, context, mapTiles }) => {
      const { timeZone } = await activeChallenge(page);
      // 3 am on the battle's clock: the demo shops (6:30am - 8:00pm and so on) are closed, the
      // night owls open.
      await page.clock.install({ time: nextLocal(timeZone, 'Wed', 3) });
      await page.goto('/');
      await showAllShops(page);
      const usualOrder = await listedNames(page);
      expect(usualOrder).toContain(night.name);

      // The map: one marker per placed shop, none for the shop without a place.
      const shops = await publicShops(page);
      const placed = shops.filter((shop) => placeOf(shop) !== null);
      expect(placed.length).toBeGreaterThanOrEqual(9);
      const mapButton = page.getByRole('button', { name: 'Map', exact: true });
      await mapButton.click();
      await expect(mapButton).toHaveAttribute('aria-pressed', 'true');
      const map = page.getByRole('region', { name: SHOPS_MAP });
      await expect(map).toBeVisible();
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(placed.length);
      await expect(map.getByRole('button', { name: `${night.name}, Open now` })).toBeVisible();
      await expect(
        map.getByRole('button', { name: 'Honest Bean Roasters, Closed now' }),
      ).toBeVisible();
      await expect(map.getByRole('button', { name: new RegExp(`^${unplaced.name}`) })).toHaveCount(
        0,
      );
      expect(mapTiles.length).toBeGreaterThan(0);
      await expect(page.getByText('The map cannot load')).toHaveCount(0);
      await expectAccessible(page);

      // A marker's popup names the shop, says it is open and links to its page.
      await map.getByRole('button', { name: `${night.name}, Open now` }).click();
      const popup = map.locator('.leaflet-popup');
      await expect(popup.getByText(night.name, { exact: true })).toBeVisible();
      await expect(popup.getByText('Open now')).toBeVisible();
      await popup.getByRole('link', { name: 'View Details' }).click();
      await expect(page).toHaveURL(`/business/${night.id}`);
      await expect(page.getByRole('heading', { name: night.name, level: 1 })).toBeVisible();
      await page.goBack();
      await mapButton.click();
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(placed.length);

      // Open now: only the shops open at 3 am, in the list and on the map.
      await page.getByRole('button', { name: 'Open now', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Open now', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.locator('#shops').getByRole('article', { name: night.name })).toBeVisible();
      await expect(
        page.locator('#shops').getByRole('article', { name: 'Honest Bean Roasters' }),
      ).toHaveCount(0);
      expect(await listedNames(page)).toEqual([night.name, unplaced.name]);
      await page.getByRole('button', { name: 'Open now', exact: true }).click();
      await showAllShops(page);
      expect(await listedNames(page)).toEqual(usualOrder);

      // Near me, after the tap: nearest first, each with its distance; unplaced shops last.
      const here = { latitude: 34.705, longitude: -86.65 };
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(here);
      await page.getByRole('button', { name: 'Near me' }).click();
      await expect(page.getByText('Nearest first, from where you are.')).toBeVisible();
      const byName = new Map(shops.map((shop) => [shop.name, shop]));
      const expected = nearestFirst(
        usualOrder.map((name) => byName.get(name)!),
        here,
        placeOf,
      ).map((shop) => shop.name);
      await expect.poll(() => listedNames(page)).toEqual(expected);
      expect(expected[0]).toBe(night.name);
      // Shops without a place come last (other journeys may have added some of their own).
      const withoutPlace = new Set(
        shops.filter((shop) => placeOf(shop) === null).map((shop) => shop.name),
      );
      const last = expected.slice(expected.length - withoutPlace.size);
      expect(new Set(last)).toEqual(withoutPlace);
      expect(last).toContain(unplaced.name);
      const nearest = page.locator('#shops').getByRole('article', { name: night.name });
      // 0.56 km from the night owl: 0.3 mi in the visitor's en-US locale.
      expect(distanceKm(here, placeOf(night)!)).toBeCloseTo(0.556, 2);
      await expect(nearest.getByText('0.3 mi away')).toBeVisible();
      await expect(
        map.getByRole('button', { name: `${night.name}, Open now, 0.3 mi away` }),
      ).toBeVisible();
    },
  );
});

testAllowingPageErrors(
  'a refused location keeps the list as it was, and a map without tiles says so while the list keeps working',
  async ({ page, context }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const { timeZone } = await activeChallenge(page);
    // 10 am on the battle's clock: every demo shop is open.
    await page.clock.install({ time: nextLocal(timeZone, 'Wed', 10) });
    await context.clearPermissions();
    // The page's own route comes before the fixture's answers.
    await page.route(MAP_TILES, (route) => route.abort('blockedbyclient'));
    await page.goto('/');
    await showAllShops(page);
    const usualOrder = await listedNames(page);

    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(
      page.getByText('Your location was not shared, so the shops stay in their usual order.'),
    ).toBeVisible();
    expect(await listedNames(page)).toEqual(usualOrder);
    await expect(page.getByText(/ away$/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page.getByText('The map cannot load')).toBeVisible();
    await expect(page.getByText('Every shop is in the list.')).toBeVisible();
    // With no tile drawn behind it, the attribution's link must still stand out from its text.
    await expectAccessible(page);
    // The list keeps working: filter, unfilter.
    const openNow = page.getByRole('button', { name: 'Open now', exact: true });
    await openNow.click();
    await expect(openNow).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.locator('#shops').getByRole('article', { name: 'Honest Bean Roasters' }),
    ).toBeVisible();
    await openNow.click();
    await showAllShops(page);
    expect(await listedNames(page)).toEqual(usualOrder);
    // The only errors: the browser's notes of the refused tiles.
    expect(errors.filter((error) => !error.includes('ERR_BLOCKED_BY_CLIENT'))).toEqual([]);
  },
);

test(
  'the organizer places a shop by tapping the map in the shop dialog, or by typing coordinates',
  { tag: '@desktop' },
  async ({ page, mapTiles }) => {
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    const name = uniqueName('Tapped Tamper ');
    await page.goto('/admin/businesses');
    await page.getByRole('button', { name: 'Add New Business' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Business Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Short Description' }).fill(`${name} is on the map.`);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('9 Tap Rd, Huntsville, AL');

    // Typed coordinates follow the contract's rules before anything is sent.
    const latitude = dialog.getByRole('textbox', { name: 'Latitude' });
    const longitude = dialog.getByRole('textbox', { name: 'Longitude' });
    await latitude.fill('95');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await expect(dialog.getByText('Latitude must be a number from -90 to 90')).toBeVisible();
    await expect(
      dialog.getByText(
        'Latitude and longitude go together: give both, or neither to leave the shop off the map',
      ),
    ).toBeVisible();

    // A tap on the map (which opens over the battle's other shops) fills both.
    const map = dialog.getByRole('region', { name: /^Map: tap where the shop is/ });
    await expect(map).toBeVisible();
    await expect.poll(() => mapTiles.length).toBeGreaterThan(0);
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 - 30 } });
    await expect(latitude).not.toHaveValue('95');
    const tapped = { latitude: Number(await latitude.inputValue()), longitude: 0 };
    tapped.longitude = Number(await longitude.inputValue());
    // Huntsville, where the demo shops are.
    expect(tapped.latitude).toBeGreaterThan(34.5);
    expect(tapped.latitude).toBeLessThan(35);
    expect(tapped.longitude).toBeGreaterThan(-86.9);
    expect(tapped.longitude).toBeLessThan(-86.3);
    await expect(map.locator('.leaflet-marker-icon[title="The shop\'s place"]')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await expect(page.getByText('Business Saved')).toBeVisible();

    const saved = (await publicShops(page)).find((shop) => shop.name === name)!;
    expect(saved).toMatchObject(tapped);

    // Edited: the place can be removed again.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(latitude).toHaveValue(String(tapped.latitude));
    await dialog.getByRole('button', { name: 'Remove from the map' }).click();
    await expect(latitude).toHaveValue('');
    await dialog.getByRole('button', { name: 'Update Business' }).click();
    await expect(page.getByText('Business Updated')).toBeVisible();
    expect((await publicShops(page)).find((shop) => shop.name === name)).toMatchObject({
      latitude: null,
      longitude: null,
    });
    await page.request.delete(`/api/admin/businesses/${saved.id}`);
  },
);

test("a member's map shows visited and still-to-visit coupons, and Next stop names the nearest open shop not yet visited", async ({
  page,
  context,
}) => {
  const visited = 'Lowe Mill Grind';
  const { timeZone } = await activeChallenge(page);
  // 10 am on the battle's clock: every demo shop is open.
  await page.clock.install({ time: nextLocal(timeZone, 'Wed', 10) });
  await registerWithPass(page, uniqueName('crawler'));
  const coupons = (await (await page.request.get('/api/user/coupons')).json()) as CouponDto[];
  const coupon = coupons.find((each) => each.business.name === visited)!;
  const redeemed = await page.request.post(`/api/coupons/${coupon.id}/redeem`, {
    data: { redemptionCode: seededCode(visited) },
  });
  expect(redeemed.status()).toBe(200);

  await page.goto('/profile');
  const nextStop = page.getByRole('region', { name: 'Next stop' });
  await nextStop.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('region', { name: 'Map of your coupons: visited and still to visit' });
  await expect(map.getByRole('button', { name: `${visited}, visited` })).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon.lb-marker-visited')).toHaveCount(1);
  await expect(
    map.getByRole('button', { name: 'Rocket City Espresso, still to visit, Open now' }),
  ).toBeVisible();
  const placedCoupons = coupons.filter((each) => placeOf(each.business) !== null);
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(placedCoupons.length);
  await expectAccessible(page);

  // Next stop, from beside the visited shop: the nearest demo shop, Rocket City Espresso.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 34.7115, longitude: -86.6021 });
  await nextStop.getByRole('button', { name: 'Find my next stop' }).click();
  await expect(nextStop.getByRole('status')).toHaveText(
    /^Next stop: Rocket City Espresso, 0\.5 mi away, open now\.$/,
  );
  await nextStop.getByRole('link', { name: 'Rocket City Espresso' }).click();
  await expect(page.getByRole('heading', { name: 'Rocket City Espresso', level: 1 })).toBeVisible();
});

/** The zoom level a tile was asked for ('…/12/1083/1635.png' → 12). */
const zoomOf = (tileUrl: string) => Number(new URL(tileUrl).pathname.split('/')[1]);

test("the shop dialog's map leaves the wheel and one finger to the page: it zooms with Ctrl + wheel or two fingers, and says so", async ({
  page,
  mapTiles,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/businesses');
  await page.getByRole('button', { name: 'Add New Business' }).click();
  const dialog = page.getByRole('dialog');
  const map = dialog.getByRole('region', { name: /^Map: tap where the shop is/ });
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => mapTiles.length).toBeGreaterThan(0);
  const opened = Math.max(...mapTiles.map(zoomOf));
  const hint = map.getByText('Use Ctrl + scroll to zoom');
  await expect(hint).toBeHidden();

  // A plain wheel over the map scrolls the dialog, and the map only says how to zoom.
  const before = (await map.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.wheel(0, 120);
  await expect(hint).toBeVisible();
  await expect.poll(async () => (await map.boundingBox())!.y).toBeLessThan(before.y);
  expect(mapTiles.map(zoomOf).filter((zoom) => zoom > opened)).toEqual([]);
  // The hint goes by itself.
  await expect(hint).toBeHidden();

  // Ctrl + wheel (a trackpad's pinch arrives the same way) zooms the map in.
  const after = (await map.boundingBox())!;
  await page.mouse.move(after.x + after.width / 2, after.y + after.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -120);
  await page.keyboard.up('Control');
  await expect.poll(() => Math.max(...mapTiles.map(zoomOf))).toBeGreaterThan(opened);
  await expect(hint).toBeHidden();

  if (isPhone(page)) {
    // One finger moving over the map is the page's; the map says two fingers move it.
    const cdp = await page.context().newCDPSession(page);
    const box = (await map.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y - 60 }],
    });
    await expect(map.getByText('Use two fingers to move the map')).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
});
