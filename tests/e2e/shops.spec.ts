import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';
import { expect, registerViaAuthPage, resetClock, signIn, test, uniqueName } from './fixtures.ts';

/** The running challenge of the demo seed; journeys add (and remove) only their own shops in it. */
const SEEDED_CHALLENGE = 'Huntsville Coffee Battles';

async function openBusinessDialog(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Business Description' })).toBeVisible();
  return dialog;
}

async function fillRequired(
  dialog: ReturnType<Page['getByRole']>,
  shop: { name: string; address: string },
) {
  await dialog.getByRole('textbox', { name: 'Business Name' }).fill(shop.name);
  await dialog
    .getByRole('textbox', { name: 'Short Description' })
    .fill(`${shop.name} pours great coffee.`);
  await dialog.getByRole('textbox', { name: 'Address' }).fill(shop.address);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Moves the server's clock and the page's to the nearest instant (within 12 hours) when it is
 * `hour`:00 in `timeZone`; the shops' hours are read on the page's clock.
 */
async function moveClocksToLocalHour(page: Page, timeZone: string, hour: number) {
  const now = Date.now();
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((each) => each.type === type)!.value);
  const minutesToGo = (((hour * 60 - part('hour') * 60 - part('minute')) % 1440) + 1440) % 1440;
  const offsetMs = (minutesToGo > 720 ? minutesToGo - 1440 : minutesToGo) * 60_000;
  const moved = await page.request.post('/api/testing/clock', { data: { offsetMs } });
  expect(moved.status()).toBe(200);
  await page.clock.setFixedTime(new Date(now + offsetMs));
}

async function visitorPage(browser: Browser, page: Page) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    baseURL: new URL(page.url()).origin,
  });
  return context.newPage();
}

test(
  'an organizer manages a challenge and shops; visitors see the shops on the home, shop and landing pages',
  { tag: '@desktop' },
  async ({ page, browser }) => {
    const suffix = uniqueName('');
    const challengeTitle = `Spring Test Battle ${suffix}`;
    const rich = { name: `Rich Roast ${suffix}`, address: '1 Rich Rd, Huntsville, AL' };
    const plain = { name: `Plain Pour ${suffix}`, address: '2 Plain St, Huntsville, AL' };
    const doomed = { name: `Doomed Drip ${suffix}`, address: '3 Gone Ave, Huntsville, AL' };

    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);

    // A challenge: created with the defaults (inactive, so the public site keeps the seeded one), then edited.
    await page.goto('/admin/challenges');
    await page.getByRole('button', { name: 'Create Challenge' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Price ($)')).toHaveValue('20');
    await expect(dialog.getByLabel('Theme', { exact: true })).toHaveValue('coffee');
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(challengeTitle);
    await dialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('A challenge made by the browser journey');
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(page.getByText('Challenge Created')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: challengeTitle });
    await expect(row.getByText('Inactive')).toBeVisible();
    await expect(row.getByText('$20')).toBeVisible();
    await row.getByRole('button', { name: `Edit ${challengeTitle}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Price ($)').fill('30');
    await dialog.getByRole('button', { name: 'Update Challenge' }).click();
    await expect(page.getByText('Challenge Updated')).toBeVisible();
    await expect(row.getByText('$30')).toBeVisible();

    // The businesses page defaults to the public challenge; the new one is still empty.
    await page.goto('/admin/businesses');
    await expect(page).toHaveTitle('Manage Businesses - Admin Dashboard');
    const selector = page.getByRole('combobox', { name: 'Challenge' });
    await expect(selector).toHaveValue(`${SEEDED_CHALLENGE} (Active)`);
    await selector.click();
    await page.getByRole('option', { name: challengeTitle }).click();
    await expect(page.getByText('No Businesses Yet')).toBeVisible();
    await selector.click();
    await page.getByRole('option', { name: `${SEEDED_CHALLENGE} (Active)` }).click();
    await expect(page.getByText(/businesses in this challenge/)).toBeVisible();

    // Shop 1: formatted rich text and an image.
    dialog = await openBusinessDialog(page, 'Add New Business');
    await fillRequired(dialog, rich);
    await expect(dialog.getByLabel('Specialties (optional)')).toHaveValue(
      'Coffee, Pastries, Specialty Drinks',
    );
    const editor = dialog.getByRole('textbox', { name: 'Business Description' });
    await editor.click();
    await page.keyboard.type('Single origin heaven');
    await page.keyboard.press('ControlOrMeta+a');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const imageUrl = `${new URL(page.url()).origin}/images/shops/shop-3.svg`;
    page.once('dialog', (prompt) => void prompt.accept(imageUrl));
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await expect(editor.locator('img')).toHaveAttribute('src', imageUrl);
    await dialog.getByLabel('Display Order').fill('0');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await expect(page.getByText('Business Saved')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: rich.name })).toBeVisible();

    // Shop 2: a malformed code is refused in the form (no request); left empty, the server picks one.
    dialog = await openBusinessDialog(page, 'Add New Business');
    await fillRequired(dialog, plain);
    await dialog.getByLabel('Phone (optional)').fill('(256) 555-0199');
    await dialog.getByLabel('Website (optional)').fill('plainpour.example.com');
    await dialog.getByLabel('Redemption Code').fill('12');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await expect(dialog.getByText('Redemption code must be at least 4 characters')).toBeVisible();
    await dialog.getByLabel('Redemption Code').fill('');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await expect(page.getByRole('row').filter({ hasText: plain.name })).toBeVisible();

    // Shop 3, then reorder it to the top, rename shop 2, delete shop 3.
    dialog = await openBusinessDialog(page, 'Add New Business');
    await fillRequired(dialog, doomed);
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await expect(page.getByRole('row').filter({ hasText: doomed.name })).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${plain.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Business Name' })).toHaveValue(plain.name);
    plain.name = `${plain.name} Renamed`;
    await dialog.getByRole('textbox', { name: 'Business Name' }).fill(plain.name);
    await dialog.getByLabel('Display Order').fill('0');
    await dialog.getByRole('button', { name: 'Update Business' }).click();
    await expect(page.getByText('Business Updated')).toBeVisible();
    const names = page.getByRole('row').filter({ hasText: suffix });
    await expect(names).toHaveCount(3);
    await expect(names.nth(0)).toContainText(rich.name);
    await expect(names.nth(1)).toContainText(plain.name);
    await expect(names.nth(2)).toContainText(doomed.name);

    // By keyboard: on a phone the 'Business Updated' toast at the bottom may lie over the last
    // row's menu, and a pointer resting on it holds it open.
    await page.getByRole('button', { name: `Actions for ${doomed.name}` }).press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText(
      `This will permanently remove ${doomed.name} from the challenge. This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Business Deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: doomed.name })).toHaveCount(0);

    // A visitor (another browser) sees the result.
    const visitor = await visitorPage(browser, page);
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1, name: SEEDED_CHALLENGE })).toBeVisible();
    await expect(visitor).toHaveTitle(`${SEEDED_CHALLENGE} - Local Battles`);
    await expect(visitor.getByRole('timer')).toBeVisible();
    await expect(visitor.getByRole('article')).toHaveCount(6);
    await visitor.getByRole('button', { name: 'View All Coffee Shops' }).click();
    await expect(visitor.getByRole('article', { name: plain.name })).toBeVisible();
    await expect(visitor.getByRole('article', { name: doomed.name })).toHaveCount(0);
    const richCard = visitor.getByRole('article', { name: rich.name });
    await expect(richCard.getByText('$5 Credit')).toBeVisible();
    await richCard.getByRole('link', { name: `View Details: ${rich.name}` }).click();

    await expect(visitor.getByRole('heading', { level: 1, name: rich.name })).toBeVisible();
    await expect(visitor).toHaveTitle(`${rich.name} - Local Battles`);
    await expect(visitor.locator('strong', { hasText: 'Single origin heaven' })).toBeVisible();
    await expect(visitor.locator(`img[src="${imageUrl}"]`)).toBeVisible();
    await expect(visitor.getByRole('rowheader', { name: 'Monday - Friday' })).toBeVisible();
    const shopPath = new URL(visitor.url()).pathname;
    const html = await (await visitor.request.get(shopPath)).text();
    expect(html).toContain(`<meta property="og:title" content="${rich.name} - Local Battles" />`);

    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'View All Coffee Shops' }).click();
    await visitor.getByRole('link', { name: `View Details: ${plain.name}` }).click();
    await expect(visitor.getByRole('link', { name: '(256) 555-0199' })).toHaveAttribute(
      'href',
      'tel:2565550199',
    );
    await expect(visitor.getByRole('link', { name: 'plainpour.example.com' })).toHaveAttribute(
      'href',
      'https://plainpour.example.com',
    );

    await visitor.goto('/battles');
    await expect(visitor.getByRole('heading', { name: 'Current Battles' })).toBeVisible();
    const coffee = visitor.getByRole('article', { name: SEEDED_CHALLENGE });
    await expect(coffee.getByText('Active')).toBeVisible();
    await expect(coffee.getByRole('heading', { name: 'Coffee Battle' })).toBeVisible();
    await expect(
      visitor
        .getByRole('article', { name: 'Huntsville Taco Battles' })
        .getByRole('button', { name: 'Coming Soon' }),
    ).toBeDisabled();
    await coffee.getByRole('link', { name: 'Join Battle' }).click();
    await expect(visitor).toHaveURL('/battles/coffee');
    await expect(visitor.getByRole('heading', { level: 1, name: SEEDED_CHALLENGE })).toBeVisible();
    await visitor.context().close();
  },
);

test("the landing page's 'Join Current Battle' opens the coffee battle's page", async ({
  page,
}) => {
  await page.goto('/battles');
  await page.getByRole('link', { name: 'Join Current Battle' }).click();
  await expect(page).toHaveURL('/battles/coffee');
  await expect(page.getByRole('heading', { level: 1, name: SEEDED_CHALLENGE })).toBeVisible();
  await expect(page).toHaveTitle(`${SEEDED_CHALLENGE} - Local Battles`);
  await expect(page.getByRole('heading', { name: 'Participating Coffee Shops' })).toBeVisible();
  // A fresh visit to the address serves the page too, not the 404 page.
  const visit = await page.goto('/battles/coffee');
  expect(visit?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: SEEDED_CHALLENGE })).toBeVisible();
});

test('the organizer pages carry the titles the spec gives', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/businesses');
  await expect(page).toHaveTitle('Manage Businesses - Admin Dashboard');
  await page.goto('/admin/leaderboard');
  await expect(page).toHaveTitle('Leaderboard - Admin Dashboard');
});

test('the home page explains the rules and its links work', async ({ page }) => {
  await page.goto('/');
  const passQuestion = page
    .getByRole('group')
    .filter({ hasText: 'How does the Battle Pass work?' });
  await expect(passQuestion.getByText(/^Buy the pass once/)).toBeVisible();
  await page.getByText('How does voting work?', { exact: true }).click();
  await expect(
    page.getByText(
      'You can vote once per shop, but you can vote for as many different shops as you like.',
    ),
  ).toBeVisible();
  // One answer open at a time: opening one closed the first.
  await expect(passQuestion.getByText(/^Buy the pass once/)).toBeHidden();
  await expect(page.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/,
  );
  await expect(page.getByRole('link', { name: 'Twitter' })).toHaveAttribute(
    'href',
    /^https:\/\/twitter\.com\/intent\/tweet\?/,
  );
  await expect(page.getByRole('link', { name: 'Email' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=/,
  );
  await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/',
  );
  const seconds = page
    .getByRole('timer')
    .getByText(/^\d\d$/)
    .last();
  const before = await seconds.innerText();
  await expect(seconds).not.toHaveText(before, { timeout: 3_000 });
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeInViewport();

  await page.goto('/business/999999');
  await expect(page.getByText('Error Loading Coffee Shop')).toBeVisible();
  await expect(page.getByText('Shop not found', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a signed-in member is sent away from the admin pages', async ({ page }) => {
  await registerViaAuthPage(page, uniqueName('member'));
  await expect(page).toHaveURL('/');
  for (const path of ['/admin', '/admin/businesses', '/admin/challenges']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
  }
});

test(
  'public and organizer pages have no serious or critical accessibility violations',
  { tag: '@desktop' },
  async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /View Details/ })
      .click();
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    // The shop page's 'Open now' or 'Closed now' badge follows the clock: check both, whatever
    // the hour the suite runs at.
    const shopPage = page.url();
    const { timeZone } = (await (await page.request.get('/api/challenge/active')).json()) as {
      timeZone: string;
    };
    try {
      for (const { localHour, badge } of [
        { localHour: 12, badge: 'Open now' },
        { localHour: 23, badge: /^Closed now · Opens (tomorrow )?\d{1,2}:\d{2} [AP]M$/ },
      ]) {
        await moveClocksToLocalHour(page, timeZone, localHour);
        await page.goto(shopPage);
        await expect(
          typeof badge === 'string'
            ? page.getByText(badge, { exact: true })
            : page.getByText(badge),
        ).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      }
    } finally {
      await resetClock(page);
    }

    await page.goto('/battles');
    await expect(page.getByRole('heading', { name: 'Current Battles' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.goto('/admin/businesses');
    await expect(page.getByText(/businesses in this challenge/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add New Business' }).click();
    await expect(page.getByRole('textbox', { name: 'Business Description' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  },
);
