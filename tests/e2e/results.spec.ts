import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { ChallengeDto } from '#shared/challenges.ts';
import { expect, test, voteAsNewMember } from './fixtures.ts';

/**
 * docs/RULES.md rule 17: a battle driven past its end with the test clock (the server's) and
 * Playwright's (the browser's) publishes its results, linked from the home and shop pages, with
 * the votes file whose SHA-256 the page shows.
 */

const HOUR_MS = 60 * 60 * 1000;
const VOTED_SHOP = 'Honest Bean Roasters';

async function moveClocks(page: Page, offsetMs: number) {
  const moved = await page.request.post('/api/testing/clock', { data: { offsetMs } });
  expect(moved.status()).toBe(200);
  await page.clock.setFixedTime(new Date(Date.now() + offsetMs));
}

test('after the end the results page shows the podium, the table and the votes file with its hash', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await voteAsNewMember(browser, new URL(page.url()).origin, VOTED_SHOP);
  const challenge = (await (
    await page.request.get('/api/challenge/active')
  ).json()) as ChallengeDto;

  // Before the end nothing is published.
  const early = await page.request.get(`/api/challenges/${challenge.id}/results`);
  expect(early.status()).toBe(409);

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
    await page.request.post('/api/testing/clock', { data: { offsetMs: 0 } });
  }
});
