import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { E2E_ADMIN } from './credentials.ts';
import { expect, isPhone, signIn, test, uniqueName } from './fixtures.ts';

/**
 * docs/decisions/0024-imports-that-explain.md: the organizer's CSV import says which rows are ready and what to
 * fix under each row, re-checks as the text changes, imports the ready rows alone after naming
 * the lines left out; hours are set a day at a time. Phone at 390x844, desktop at 1280x800.
 */
test.beforeEach(async ({ page }) => {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
});

async function shopsOfActiveChallenge(page: Page): Promise<AdminBusiness[]> {
  const challenge = (await (
    await page.request.get('/api/challenge/active')
  ).json()) as ChallengeDto;
  const response = await page.request.get(`/api/admin/challenges/${challenge.id}/businesses`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminBusiness[];
}

test(
  'an import with bad rows says what to fix, then imports the ready rows and hours are picked per day',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const [first, second, third] = [
      uniqueName('Ready Roast'),
      uniqueName('Fine Filter'),
      uniqueName('Broken Brew'),
    ];
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.goto('/admin/businesses');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Shops from CSV' });
    await expect(dialog.getByRole('heading', { name: 'Import Shops from CSV' })).toBeVisible();

    // The template is a header and one example shop.
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download template CSV' }).click();
    const template = fs.readFileSync(await (await download).path(), 'utf8');
    expect(template.split('\r\n')[0]).toBe(
      'name,address,phone,website,description,code,hours,codeRotation,dailyCap,latitude,longitude',
    );
    expect(template).toContain('Bean There');

    const pasted = dialog.getByRole('textbox', { name: 'Or paste the CSV' });
    const lines = [
      'name,address,description,code,hours,codeRotation,dailyCap',
      `${first},1 Import Way,Espresso,,"{""Monday - Friday"": ""7:00am - 3:00pm""}",daily,50`,
      `${third},2 Import Way,,123,,weekly,`,
      `${second},3 Import Way,Pour-over,,,,`,
    ];
    await pasted.fill(lines.join('\n'));
    const status = dialog.getByRole('status');
    await expect(status).toHaveText('2 rows ready, 1 row needs fixing');
    const bad = dialog.getByRole('listitem', { name: 'Line 3', exact: true });
    const problems = bad.getByRole('list', { name: 'Line 3 needs fixing' }).getByRole('listitem');
    await expect(problems).toHaveText([
      'Business description is required',
      'Code must be 4 digits; a spreadsheet may have dropped a leading zero: write it as 0123',
      'Code rotation must be off, daily or hourly',
    ]);
    // Each message sits under its row's name, on a phone too.
    const nameBox = await bad.getByText(third).boundingBox();
    const messageBox = await problems.first().boundingBox();
    expect(messageBox!.y).toBeGreaterThan(nameBox!.y + nameBox!.height - 1);
    expect(messageBox!.x + messageBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expect(dialog.getByRole('listitem', { name: 'Line 2', exact: true })).toContainText(
      'Ready',
    );

    // Re-checked as the text changes: a fourth line without a name.
    await pasted.fill([...lines, ',4 Import Way,Nameless,,,,'].join('\n'));
    await expect(status).toHaveText('2 rows ready, 2 rows need fixing');
    await expect(
      dialog.getByRole('list', { name: 'Line 5 needs fixing' }).getByRole('listitem'),
    ).toHaveText(['Business name is required']);
    await expect(dialog.getByText('Lines 3 and 5 need fixing and will be left out.')).toBeVisible();
    await dialog.getByRole('listitem', { name: 'Line 3', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.tmp/screenshots/imports-${project}-check.png` });
    await dialog
      .getByRole('button', { name: 'Import 2 ready shops, leave out 2 rows' })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.tmp/screenshots/imports-${project}-left-out.png` });

    await dialog.getByRole('button', { name: 'Import 2 ready shops, leave out 2 rows' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText('2 shops were added to the challenge. Left out: lines 3 and 5.'),
    ).toBeVisible();
    const shops = await shopsOfActiveChallenge(page);
    const imported = shops.find((shop) => shop.name === first)!;
    expect(imported).toMatchObject({
      hours: '{"Monday - Friday":"7:00am - 3:00pm"}',
      codeRotation: 'daily',
      dailyCap: 50,
    });
    expect(shops.some((shop) => shop.name === second)).toBe(true);
    expect(shops.some((shop) => shop.name === third)).toBe(false);

    // Hours a day at a time: the imported week, then Monday shorter and Saturday opened.
    await page.getByRole('button', { name: `Actions for ${first}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Business' });
    const hours = form.getByRole('group', { name: 'Opening hours' });
    await hours.scrollIntoViewIfNeeded();
    await expect(hours.getByRole('switch', { name: 'Monday' })).toBeChecked();
    await expect(hours.getByRole('switch', { name: 'Sunday' })).not.toBeChecked();
    await expect(hours.getByLabel('Friday closes at')).toHaveValue('15:00');
    await hours.getByLabel('Monday closes at').fill('12:30');
    await hours.getByRole('switch', { name: 'Saturday' }).click();
    await hours.getByLabel('Saturday opens at').fill('08:00');
    await hours.getByLabel('Saturday closes at').fill('13:00');
    await hours.getByLabel('Saturday closes at').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.tmp/screenshots/imports-${project}-hours.png` });
    await form.getByRole('button', { name: 'Update Business' }).click();
    await expect(form).toBeHidden();
    const saved = (await shopsOfActiveChallenge(page)).find((shop) => shop.name === first)!;
    expect(JSON.parse(saved.hours!)).toEqual({
      Monday: '7:00am - 12:30pm',
      'Tuesday - Friday': '7:00am - 3:00pm',
      Saturday: '8:00am - 1:00pm',
      Sunday: 'Closed',
    });
  },
);

test('the hours column takes the words the hours picker shows, and a row whose hours cannot be read is named', async ({
  page,
}) => {
  const [worded, vague] = [uniqueName('Worded Brew'), uniqueName('Vague Bean')];
  const words = 'Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm; Sun Closed';
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/businesses');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Shops from CSV' });
  await dialog
    .getByRole('textbox', { name: 'Or paste the CSV' })
    .fill(
      [
        'name,address,description,hours',
        `${worded},1 Words Way,Espresso,${words}`,
        `${vague},2 Words Way,Tea,Mon-Fri 9 till late`,
      ].join('\n'),
    );
  await expect(dialog.getByRole('status')).toHaveText('1 row ready, 1 row needs fixing');
  await expect(
    dialog.getByRole('list', { name: 'Line 3 needs fixing' }).getByRole('listitem'),
  ).toHaveText([
    `Line 3: the hours "Mon-Fri 9 till late" cannot be read. Write them as the shop dialog shows them, e.g. ${words}`,
  ]);
  await dialog.getByRole('button', { name: 'Import 1 ready shop, leave out 1 row' }).click();
  await expect(dialog).toBeHidden();

  // The shop dialog's picker reads the imported week and shows it in the same words.
  await page.getByRole('button', { name: `Actions for ${worded}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Business' });
  const hours = form.getByRole('group', { name: 'Opening hours' });
  await hours.scrollIntoViewIfNeeded();
  await expect(hours.getByLabel('Monday opens at')).toHaveValue('06:30');
  await expect(hours.getByLabel('Saturday closes at')).toHaveValue('20:00');
  await expect(hours.getByRole('switch', { name: 'Sunday' })).not.toBeChecked();
  await expect(hours.getByText(`In a CSV import: ${words}`)).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  const shop = (await shopsOfActiveChallenge(page)).find((each) => each.name === worded)!;
  await page.request.delete(`/api/admin/businesses/${shop.id}`);
});
