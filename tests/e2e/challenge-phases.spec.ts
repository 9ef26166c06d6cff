import type { Page } from '@playwright/test';
import { formatChallengeDates } from '#shared/date-range.ts';
import {
  activeChallenge,
  battleWithAVote,
  expect,
  moveClocks,
  navigation,
  registerViaAuthPage,
  resetClock,
  test,
  uniqueName,
  withoutLaterBattles,
} from './fixtures.ts';

/**
 * One truth about a challenge's state: the seeded battle is driven before its start, while it
 * runs and after its end with the test clock (the server's) and Playwright's clock (the
 * browser's), and the home page, the header, /checkout and /profile must agree each time.
 */

test.use({ viewport: { width: 390, height: 844 } });

const HOUR_MS = 60 * 60 * 1000;
const VOTED_SHOP = 'Honest Bean Roasters';

/** The header's pass button, in the phone's drawer: 'Buy Pass' shown or not. */
async function expectHeaderBuyPass(page: Page, shown: boolean) {
  const links = await navigation(page);
  await expect(links.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Buy Pass' })).toHaveCount(shown ? 1 : 0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screens/phases-${name}.png`, fullPage: false });
}

test('before the start, while it runs and after the end, the home page, header, checkout and profile agree', async ({
  page,
  browser,
}) => {
  const username = uniqueName('phases');
  await registerViaAuthPage(page, username);
  await expect(page).toHaveURL('/');
  const challenge = await battleWithAVote(page, browser, VOTED_SHOP);
  const dates = formatChallengeDates(challenge.startDate, challenge.endDate, challenge.timeZone);
  const now = Date.now();
  const phases = [
    { name: 'running', offsetMs: 0 },
    { name: 'upcoming', offsetMs: Date.parse(challenge.startDate) - now - HOUR_MS },
    { name: 'ended', offsetMs: Date.parse(challenge.endDate) - now + HOUR_MS },
  ] as const;
  const schedule = await withoutLaterBattles(browser, challenge);

  try {
    for (const phase of phases) {
      await test.step(phase.name, async () => {
        await moveClocks(page, phase.offsetMs);
        // The same battle stays the active one (rule 1) in every phase.
        expect((await activeChallenge(page.request)).id).toBe(challenge.id);
        const running = phase.name === 'running';

        await page.goto('/');
        const hero = page.getByRole('heading', { level: 1, name: challenge.title });
        await expect(hero).toBeVisible();
        await expect(page.getByText(dates, { exact: true })).toBeVisible();
        const countdown = page.getByRole('region', {
          name: phase.name === 'ended' ? 'Results' : 'Countdown',
        });
        if (phase.name === 'running') {
          await expect(
            countdown.getByRole('heading', { name: 'Time Left to Participate' }),
          ).toBeVisible();
        } else if (phase.name === 'upcoming') {
          await expect(countdown.getByRole('heading', { name: 'Starts in' })).toBeVisible();
          await expect(countdown.getByRole('timer')).toBeVisible();
        } else {
          await expect(
            countdown.getByRole('heading', { name: 'This battle has ended' }),
          ).toBeVisible();
          await expect(countdown.getByRole('list', { name: 'Winners' })).toContainText(VOTED_SHOP);
          await expect(countdown.getByRole('timer')).toHaveCount(0);
        }
        await expect(page.getByRole('link', { name: 'Buy Battle Pass' })).toHaveCount(
          running ? 1 : 0,
        );
        await expect(page.getByRole('link', { name: 'Buy Your Pass Now' })).toHaveCount(
          running ? 2 : 0,
        );
        await shoot(page, `${phase.name}-home`);
        await expectHeaderBuyPass(page, running);

        await page.goto('/checkout');
        await expect(page.getByRole('heading', { level: 1, name: challenge.title })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Purchase Battle Pass' })).toHaveCount(
          running ? 1 : 0,
        );
        if (phase.name === 'upcoming') {
          await expect(page.getByText('This challenge has not started yet')).toBeVisible();
        } else if (phase.name === 'ended') {
          await expect(page.getByText('This challenge has ended')).toBeVisible();
        }
        await shoot(page, `${phase.name}-checkout`);
        // The server refuses what the page hides.
        const sale = await page.request.post('/api/create-checkout-session');
        expect(sale.status()).toBe(running ? 200 : 400);

        await page.goto('/profile');
        await expect(page.getByRole('heading', { name: 'No Pass Found' })).toBeVisible();
        await expect(page.getByRole('link', { name: /^Buy Pass/ })).toHaveCount(running ? 1 : 0);
        await expect(
          page.getByRole('button', { name: 'Create Test Pass For This Account' }),
        ).toHaveCount(running ? 1 : 0);
        if (phase.name === 'upcoming') {
          await expect(page.getByText('This battle has not started yet')).toBeVisible();
        } else if (phase.name === 'ended') {
          await expect(page.getByText('This battle has ended')).toBeVisible();
        }
        await shoot(page, `${phase.name}-profile`);
      });
    }
  } finally {
    await resetClock(page);
    await schedule.restore();
  }
});
