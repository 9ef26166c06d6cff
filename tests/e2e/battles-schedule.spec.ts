import type { ChallengeDto } from '#shared/challenges.ts';
import { formatChallengeDates } from '#shared/date-range.ts';
import { paths } from '#shared/paths.ts';
import { E2E_ADMIN } from './credentials.ts';
import {
  activeChallenge,
  battleWithAVote,
  expect,
  moveClocks,
  resetClock,
  signIn,
  test,
  uniqueName,
} from './fixtures.ts';

/*
 * /battles is the schedule: every published battle with its phase and dates, from the data (the
 * spec's 'Coming Soon' taco and ice-cream cards are the demo seed's upcoming battles). After an
 * end the home page is the next battle's, and the ended one's results name it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const dates = (battle: ChallengeDto) =>
  formatChallengeDates(battle.startDate, battle.endDate, battle.timeZone);

test('/battles lists each published battle in its phase, and a newly published one joins it', async ({
  page,
  browser,
  baseURL,
}) => {
  const coffee = await activeChallenge(page.request);
  const published = (await (await page.request.get('/api/challenges')).json()) as ChallengeDto[];
  const taco = published.find((battle) => battle.theme === 'taco');
  const iceCream = published.find((battle) => battle.theme === 'ice-cream');
  if (!taco || !iceCream) throw new Error('the seed publishes no taco or ice-cream battle');

  await page.goto(paths.battles);
  const card = (battle: ChallengeDto) => page.getByRole('article', { name: battle.title });
  await expect(card(coffee).getByText('Active', { exact: true })).toBeVisible();
  await expect(card(coffee).getByText(dates(coffee))).toBeVisible();
  await expect(card(coffee).getByRole('link', { name: 'Join Battle' })).toHaveAttribute(
    'href',
    paths.coffeeBattle,
  );
  for (const [battle, name] of [
    [taco, 'Taco Battle'],
    [iceCream, 'Ice Cream Battle'],
  ] as const) {
    await expect(card(battle).getByRole('heading', { name })).toBeVisible();
    await expect(card(battle).getByText('Coming Soon', { exact: true }).first()).toBeVisible();
    await expect(card(battle).getByText(dates(battle))).toBeVisible();
    await expect(card(battle).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  }

  // 'Tell me when it starts' takes an email for that battle's start.
  await card(taco).getByRole('button', { name: 'Tell me when it starts' }).click();
  await card(taco)
    .getByLabel('Your email')
    .fill(`${uniqueName('fan')}@example.com`);
  await card(taco).getByRole('button', { name: 'Tell Me' }).click();
  await expect(card(taco).getByText("You're on the list")).toBeVisible();

  // The organizers publish another battle: the schedule shows it, nothing is written in.
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  const created = await admin.request.post('/api/admin/challenges', {
    data: {
      title: uniqueName('Huntsville Donut Battles '),
      description: 'The best donut in town.',
      startDate: new Date(Date.now() + 300 * DAY_MS).toISOString(),
      endDate: new Date(Date.now() + 330 * DAY_MS).toISOString(),
      price: 20,
      active: true,
      theme: 'donut',
      votesPerShop: 1,
      timeZone: coffee.timeZone,
    },
  });
  expect(created.status()).toBe(201);
  const donut = (await created.json()) as ChallengeDto;
  try {
    await page.reload();
    await expect(card(donut).getByRole('heading', { name: 'Donut Battle' })).toBeVisible();
    await expect(card(donut).getByText(dates(donut))).toBeVisible();
  } finally {
    const unpublished = await admin.request.patch(`/api/admin/challenges/${String(donut.id)}`, {
      data: { active: false },
    });
    expect(unpublished.status()).toBe(200);
    await context.close();
  }
  await page.reload();
  await expect(card(donut)).toHaveCount(0);
});

test('after a battle ends, /battles leads to its results and the home page and results name the next battle', async ({
  page,
  browser,
}) => {
  // Results are stored once at the end (docs/RULES.md rule 23): the battle gets its vote first,
  // as every journey past the end does, so the stored results hold what the others expect.
  const coffee = await battleWithAVote(page, browser, 'Honest Bean Roasters');
  try {
    await moveClocks(page, Date.parse(coffee.endDate) - Date.now() + DAY_MS);
    const next = await activeChallenge(page.request);
    expect(next.id).not.toBe(coffee.id);

    await page.goto(paths.battles);
    const ended = page.getByRole('article', { name: coffee.title });
    await expect(ended.getByText('Ended', { exact: true })).toBeVisible();
    await expect(ended.getByRole('link', { name: 'See the results' })).toHaveAttribute(
      'href',
      paths.results(coffee.id),
    );
    await expect(ended.getByRole('link', { name: 'Join Battle' })).toHaveCount(0);

    await page.goto(paths.home);
    await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Starts in' })).toBeVisible();

    await page.goto(paths.results(coffee.id));
    await expect(page.getByRole('link', { name: `Next battle: ${next.title}` })).toBeVisible();
  } finally {
    await resetClock(page);
  }
});
