import type { Page } from '@playwright/test';
import type { ChallengeDto } from '#shared/challenges.ts';
import { E2E_ADMIN } from './credentials.ts';
import { expect, isPhone, signIn, test, uniqueName } from './fixtures.ts';

/** docs/RULES.md rule 15's phone: the admin points are checked at 390x844 and at 1280x800. */
test.beforeEach(async ({ page }) => {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
});

async function challengeById(page: Page, id: number): Promise<ChallengeDto> {
  const list = (await (await page.request.get('/api/admin/challenges')).json()) as ChallengeDto[];
  const found = list.find((challenge) => challenge.id === id);
  if (!found) throw new Error(`challenge ${id} not listed`);
  return found;
}

async function openEditDialog(page: Page, title: string) {
  await page.goto('/admin/challenges');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit Challenge' })).toBeVisible();
  return dialog;
}

test.describe('challenge dates from a browser in another time zone (docs/RULES.md rule 15)', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('editing only votes per shop keeps the instants; edited times are the challenge zone’s, across daylight saving changes', async ({
    page,
  }, testInfo) => {
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    const title = `Bagel Battle ${uniqueName('')}`;
    // Inactive, so the public site keeps the seeded battle. The end carries seconds the form
    // does not show: an edit that rewrote it would lose them.
    const created = await page.request.post('/api/admin/challenges', {
      data: {
        title,
        description: 'Bagels across New York',
        startDate: '2026-10-20T04:00:00.000Z',
        endDate: '2027-03-21T03:59:59.999Z',
        price: 20,
        active: false,
        votesPerShop: 1,
        timeZone: 'America/New_York',
      },
    });
    expect(created.status()).toBe(201);
    const original = (await created.json()) as ChallengeDto;

    let dialog = await openEditDialog(page, title);
    // New York's wall clock, not Tokyo's (13:00).
    await expect(dialog.getByLabel('Start Date')).toHaveValue('2026-10-20T00:00');
    await expect(dialog.getByLabel('End Date')).toHaveValue('2027-03-20T23:59');
    await expect(dialog.getByRole('combobox', { name: 'Time Zone' })).toHaveValue(
      'America/New_York',
    );
    await page.screenshot({ path: `.tmp/organizer-edit-challenge-${testInfo.project.name}.png` });
    await dialog.getByRole('textbox', { name: 'Votes per shop' }).fill('3');
    await dialog.getByRole('button', { name: 'Update Challenge' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await challengeById(page, original.id)).votesPerShop).toBe(3);
    const afterVotes = await challengeById(page, original.id);
    expect(afterVotes.startDate).toBe(original.startDate);
    expect(afterVotes.endDate).toBe(original.endDate);
    expect(afterVotes.timeZone).toBe('America/New_York');

    // 9:00 on Nov 5 is EST (after Nov 1's change); 21:00 on Mar 20 is EDT (after Mar 14's).
    dialog = await openEditDialog(page, title);
    await dialog.getByLabel('Start Date').fill('2026-11-05T09:00');
    await dialog.getByLabel('End Date').fill('2027-03-20T21:00');
    await dialog.getByRole('button', { name: 'Update Challenge' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await challengeById(page, original.id)).startDate)
      .toBe('2026-11-05T14:00:00.000Z');
    expect((await challengeById(page, original.id)).endDate).toBe('2027-03-21T01:00:00.000Z');

    // Another city: the same wall clock there, so both instants move with the zone.
    dialog = await openEditDialog(page, title);
    const zone = dialog.getByRole('combobox', { name: 'Time Zone' });
    await zone.click();
    await zone.fill('Chicago');
    await page.getByRole('option', { name: 'America/Chicago' }).click();
    await dialog.getByRole('button', { name: 'Update Challenge' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await challengeById(page, original.id)).timeZone)
      .toBe('America/Chicago');
    const moved = await challengeById(page, original.id);
    expect([moved.startDate, moved.endDate, moved.votesPerShop]).toEqual([
      '2026-11-05T15:00:00.000Z',
      '2027-03-21T02:00:00.000Z',
      3,
    ]);
  });
});

/** The element's right edge lies within the viewport: visible without scrolling sideways. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>) {
  const width = page.viewportSize()!.width;
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'a laid-out box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test(
  'every admin section and every table’s actions are reachable without sideways scrolling',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    const sections = [
      { name: 'Dashboard', path: '/admin', heading: 'Admin Dashboard' },
      { name: 'Challenges', path: '/admin/challenges', heading: 'Manage Challenges' },
      { name: 'Businesses', path: '/admin/businesses', heading: 'Manage Businesses' },
      { name: 'Leaderboard', path: '/admin/leaderboard', heading: 'Leaderboard' },
      { name: 'Settlement', path: '/admin/settlement', heading: 'Settlement' },
      { name: 'Messages', path: '/admin/messages', heading: 'Messages' },
    ];
    await page.goto('/admin');
    for (const section of sections) {
      const menu = page.getByRole('navigation', { name: 'Admin' });
      for (const each of sections) {
        await expectWithinWidth(page, menu.getByRole('link', { name: each.name }));
      }
      await menu.getByRole('link', { name: section.name }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: section.heading })).toBeVisible();
      const tables = page.getByRole('table');
      if (section.name !== 'Dashboard') await expect(tables.first()).toBeVisible();
      for (const table of await tables.all()) await expectWithinWidth(page, table);
      // Nothing on the page runs past its right edge.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `.tmp/organizer-admin-${section.name.toLowerCase()}-${testInfo.project.name}.png`,
        fullPage: true,
      });
    }

    await page.goto('/admin/challenges');
    const edits = page.getByRole('button', { name: /^Edit / });
    await expect(edits.first()).toBeVisible();
    for (const edit of await edits.all()) await expectWithinWidth(page, edit);
    await expectWithinWidth(page, page.getByRole('columnheader', { name: 'Status' }));
    await expectWithinWidth(page, page.getByRole('columnheader', { name: 'Title' }));
    if (isPhone(page)) {
      // A title reads in whole words: the actions stand under it on a phone instead of taking
      // its width, which once broke 'Huntsville' into 'Hunts' and 'ville'.
      const title = await page.getByRole('columnheader', { name: 'Title' }).boundingBox();
      expect(title!.width).toBeGreaterThanOrEqual(page.viewportSize()!.width * 0.4);
    }

    await page.goto('/admin/businesses');
    const actions = page.getByRole('button', { name: /^Actions for / });
    await expect(actions.first()).toBeVisible();
    for (const action of await actions.all()) await expectWithinWidth(page, action);
    await actions.first().click();
    await expectWithinWidth(page, page.getByRole('menuitem', { name: 'Edit' }));
  },
);

/** Every badge in the page's tables shows its whole word: Mantine cuts a squeezed one to 'AC…'. */
async function expectWholeBadges(page: Page, words: string[]) {
  const badges = page.getByRole('table').locator('.mantine-Badge-root');
  for (const word of words) {
    await expect(badges.filter({ hasText: new RegExp(`^${word}$`) }).first()).toBeVisible();
  }
  for (const badge of await badges.all()) {
    const text = await badge.innerText();
    const cut = await badge.evaluate((root) =>
      [root, ...root.querySelectorAll('*')].some((box) => box.scrollWidth > box.clientWidth),
    );
    expect(cut, `the ${text} badge is cut`).toBe(false);
  }
}

test('every status badge of the admin tables shows its whole word on a 390 px phone', async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  // The seeded battle is Active; one not yet published is Inactive, one long over is Ended.
  const later = `Later ${uniqueName('')}`;
  let laterId = 0;
  for (const [title, startDate, endDate] of [
    [later, '2099-01-01T00:00:00.000Z', '2099-02-01T00:00:00.000Z'],
    [`Past ${uniqueName('')}`, '2020-01-01T00:00:00.000Z', '2020-02-01T00:00:00.000Z'],
  ]) {
    const created = await page.request.post('/api/admin/challenges', {
      data: { title, description: 'Status badge check', startDate, endDate, price: 20 },
    });
    expect(created.status()).toBe(201);
    if (title === later) laterId = ((await created.json()) as ChallengeDto).id;
  }
  await page.goto('/admin/challenges');
  await expectWholeBadges(page, ['Active', 'Inactive', 'Ended']);

  // A paused shop whose long name leaves its badge little room, in the unpublished challenge so
  // that no public journey meets it.
  const paused = await page.request.post('/api/admin/businesses', {
    data: {
      name: uniqueName('Extraordinarily Long Named Neighbourhood Roastery '),
      description: 'Badge check',
      address: '100 Test Way, Huntsville, AL',
      challengeId: laterId,
      paused: true,
    },
  });
  expect(paused.status()).toBe(201);
  await page.goto('/admin/businesses');
  await page.getByRole('combobox', { name: 'Challenge' }).click();
  await page.getByRole('option', { name: later }).click();
  await expectWholeBadges(page, ['Paused']);
});

test('the dashboard’s challenge card carries the spec’s Active badge while the battle runs', async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const active = (await (await page.request.get('/api/challenge/active')).json()) as ChallengeDto;
  await page.goto('/admin');
  const card = page.getByRole('region', { name: active.title });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText(/ remaining$/)).toBeVisible();
  await expect(card.getByText('Running', { exact: true })).toHaveCount(0);
});
