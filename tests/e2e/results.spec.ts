import { createHash } from 'node:crypto';
import { E2E_ADMIN } from './credentials.ts';
import {
  battleWithAVote,
  expect,
  expectAccessible,
  moveClocks,
  resetClock,
  signIn,
  test,
  withoutLaterBattles,
} from './fixtures.ts';

/**
 * docs/RULES.md rule 17: a battle driven past its end with the test clock (the server's) and
 * Playwright's (the browser's) publishes its results, linked from the home and shop pages, with
 * the votes file whose SHA-256 the page shows.
 */

const HOUR_MS = 60 * 60 * 1000;
const VOTED_SHOP = 'Honest Bean Roasters';

test('after the end the results page shows the podium, the table and the votes file with its hash', async ({
  page,
  browser,
}) => {
  const challenge = await battleWithAVote(page, browser, VOTED_SHOP);

  // Before the end nothing is published.
  const early = await page.request.get(`/api/challenges/${challenge.id}/results`);
  expect(early.status()).toBe(409);
  const schedule = await withoutLaterBattles(browser, challenge);

  try {
    await moveClocks(page, Date.parse(challenge.endDate) - Date.now() + HOUR_MS);
    await page.goto('/');
    await page.getByRole('link', { name: 'See the full results' }).click();
    await expect(page).toHaveURL(`/battles/${challenge.id}/results`);
    await expect(page.getByRole('list', { name: 'Podium' })).toContainText(VOTED_SHOP);
    const row = page.getByRole('table', { name: 'Ranking' }).getByRole('row', {
      name: new RegExp(VOTED_SHOP),
    });
    await expect(row).toBeVisible();
    await expect(page.getByText('tied shops share a place')).toBeVisible();

    const csv = await page.request.get(`/api/challenges/${challenge.id}/votes.csv`);
    expect(csv.status()).toBe(200);
    const sha256 = createHash('sha256')
      .update(await csv.body())
      .digest('hex');
    await expect(page.getByTestId('votes-csv-sha256')).toHaveText(sha256);
    await expect(page.getByRole('link', { name: /Download the counted votes/ })).toHaveAttribute(
      'href',
      `/api/challenges/${challenge.id}/votes.csv`,
    );

    // The shop's own page links to the results too.
    await page.goto('/');
    await page
      .getByRole('link', { name: new RegExp(VOTED_SHOP) })
      .first()
      .click();
    await page.getByRole('link', { name: 'This battle has ended: see the results' }).click();
    await expect(page.getByRole('table', { name: 'Ranking' })).toBeVisible();
  } finally {
    await resetClock(page);
    await schedule.restore();
  }
});

test('a prize draw made before the end is revealed after it and verifies in the browser', async ({
  page,
  browser,
}) => {
  // At least one pass has redeemed a coupon, so the draw has an entry.
  const challenge = await battleWithAVote(page, browser, VOTED_SHOP);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/draws');
  // Plain words first; the cryptography waits in a details block.
  await expect(
    page.getByText('A prize draw picks winners by chance among the members who took part.', {
      exact: false,
    }),
  ).toBeVisible();
  const howToCheck = page.getByText('How anyone can check a draw');
  await expect(page.getByText(/HMAC-SHA256/)).toBeHidden();
  await howToCheck.click();
  await expect(page.getByText(/HMAC-SHA256/)).toBeVisible();
  const prize = `Coffee for a month ${Date.now()}`;
  const form = page.getByRole('form', { name: 'New prize draw' });
  await form.getByLabel('Prize').fill(prize);
  await form.getByLabel('Number of winners').fill('1');
  // Draws by stops (docs/decisions/0047): the voter's pass visited one shop, so it enters.
  await form.getByLabel('One per pass that visited at least some number of shops').check();
  await form.getByRole('textbox', { name: 'Shops visited, at least' }).fill('1');
  await form.getByRole('button', { name: 'Create draw' }).click();
  const draw = page.getByRole('region', { name: prize });
  await expect(draw).toContainText('Commitment:');
  await expect(draw).toContainText('one entry per pass with at least 1 shop visited');
  // Until the end 'Reveal now' is there, disabled, and says why.
  const early = draw.getByRole('button', { name: 'Reveal now' });
  await expect(early).toBeDisabled();
  await expect(early).toHaveAccessibleDescription(
    /^Revealed automatically when the battle ends \(.+\); not before\.$/,
  );
  await expectAccessible(page);
  const schedule = await withoutLaterBattles(browser, challenge);

  try {
    await moveClocks(page, Date.parse(challenge.endDate) - Date.now() + HOUR_MS);
    // The scheduler reveals within a minute; the organizer need not wait.
    await page.reload();
    const revealed = page.getByRole('region', { name: prize });
    const revealNow = revealed.getByRole('button', { name: 'Reveal now' });
    const winners = revealed.getByRole('table', { name: `Winners of ${prize}` });
    await expect(revealNow.or(winners)).toBeVisible();
    // After the end no new draw is offered, and the page says why.
    await expect(page.getByText('This battle has ended, so no new draw can be made')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create draw' })).toHaveCount(0);
    // A reveal that the job made meanwhile is answered the same (idempotent).
    if (await revealNow.isVisible()) await revealNow.click();
    await expect(winners.getByRole('cell', { name: /@example\.com$/ })).toBeVisible();

    await page.goto(`/battles/${challenge.id}/results`);
    const published = page.getByRole('region', { name: `Draw: ${prize}` });
    await expect(published.getByRole('list', { name: `Winners of ${prize}` })).toBeVisible();
    await expect(published).toContainText('entries one per pass with at least 1 shop visited');
    await expect(published.getByRole('link', { name: /Download the entries/ })).toBeVisible();
    await published.getByRole('button', { name: 'Verify' }).click();
    await expect(published.getByRole('status')).toContainText('Draw verified');
    await expectAccessible(page);
  } finally {
    await resetClock(page);
    await schedule.restore();
  }
});
