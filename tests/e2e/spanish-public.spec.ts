import type { Locator, Page } from '@playwright/test';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { expectNoEnglishCatalogText } from './catalog-english.ts';
import {
  battleWithAVote,
  expect,
  expectAccessible,
  moveClocks,
  resetClock,
  test,
  uniqueName,
  withoutLaterBattles,
} from './fixtures.ts';

/*
 * docs/decisions/0048-languages.md: the public pages a visitor reads in Spanish: the schedule and
 * its sale alert, a shop's hours, a page that does not exist, and an ended battle's winners and
 * published results.
 */

const HOUR_MS = 60 * 60 * 1000;
const VOTED_SHOP = 'Honest Bean Roasters';

/** The page is Spanish, passes axe, and shows none of the catalog's English (in `within` only). */
async function expectSpanishPage(page: Page, within?: Locator) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessible(page);
  await expectNoEnglishCatalogText(page, within);
}

test('the schedule, its sale alert, a shop’s hours and a missing page speak Spanish', async ({
  page,
}) => {
  // The battles' titles as a Spanish page reads them.
  const published = (await (
    await page.request.get('/api/challenges', { headers: { 'accept-language': 'es' } })
  ).json()) as ChallengeDto[];
  const taco = published.find((battle) => battle.theme === 'taco');
  const iceCream = published.find((battle) => battle.theme === 'ice-cream');
  if (!taco || !iceCream) throw new Error('the seed publishes no taco or ice cream battle');

  await page.goto('/es/battles');
  await expect(page.getByRole('heading', { name: 'Batallas actuales' })).toBeVisible();
  // Each theme by the Spanish label the seed writes for it, not by its key's English words.
  const card = page.getByRole('article', { name: taco.title });
  await expect(card.getByRole('heading', { name: 'Batalla de tacos', exact: true })).toBeVisible();
  await expect(
    page.getByRole('article', { name: iceCream.title }).getByRole('heading', { level: 3 }),
  ).toHaveText('Batalla de helado');
  await expect(page.getByRole('heading', { name: /Ice Cream|Taco\b/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Próximamente' })).toBeDisabled();
  await expectSpanishPage(page);

  // The sale alert, asked on a Spanish page (its email goes in Spanish: messages.test.ts).
  await card.getByRole('button', { name: 'Avísame cuando empiece' }).click();
  await expect(
    card.getByRole('heading', { name: 'Avísame cuando salgan a la venta los pases' }),
  ).toBeVisible();
  await card.getByLabel('Tu correo').fill(`${uniqueName('aficionada')}@example.com`);
  await card.getByRole('button', { name: 'Avísame', exact: true }).click();
  await expect(card.getByRole('status')).toContainText('Ya estás en la lista');
  await expectSpanishPage(page);

  // A shop's hours, named in Spanish.
  const shops = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
  // The seed's hours (or none, which shows the same defaults) name 'Monday - Friday'.
  const shop = shops.find((one) => !one.hours || one.hours.includes('"Monday - Friday"'));
  if (!shop) throw new Error('no shop with the default hours');
  await page.goto(`/es/business/${shop.id}`);
  await expect(page.getByRole('heading', { name: 'Horario' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Lunes a viernes' })).toBeVisible();
  await expect(page.getByText(/^(Abierto ahora|Cerrado ahora( · Abre .+)?)$/)).toBeVisible();
  await expectSpanishPage(page);

  const missing = await page.goto('/es/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404: Página no encontrada' })).toBeVisible();
  await expectSpanishPage(page);
});

test('an ended battle’s winners and its published results speak Spanish', async ({
  page,
  browser,
}) => {
  const challenge = await battleWithAVote(page, browser, VOTED_SHOP);
  const schedule = await withoutLaterBattles(browser, challenge);
  try {
    await moveClocks(page, Date.parse(challenge.endDate) - Date.now() + HOUR_MS);

    await page.goto('/es/');
    await expect(page.getByRole('heading', { name: 'Esta batalla terminó' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Ganadores' })).toContainText(VOTED_SHOP);
    await expect(page.getByRole('list', { name: 'Ganadores' })).toContainText(/\d+ votos?/);
    await expectSpanishPage(page);

    await page.goto(`/es/battles/${challenge.id}/results`);
    await expect(page.getByRole('list', { name: 'Podio' })).toContainText(VOTED_SHOP);
    await expect(page.getByText(/^(Ganador|Ganadores, empatados): /)).toBeVisible();
    const ranking = page.getByRole('table', { name: 'Clasificación' });
    await expect(ranking.getByRole('columnheader', { name: 'Puesto' })).toBeVisible();
    await expect(ranking.getByRole('row', { name: new RegExp(VOTED_SHOP) })).toBeVisible();
    await expect(page.getByText('Todavía no hay una próxima batalla.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compartir los resultados' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Descargar los votos contados/ })).toBeVisible();
    await expectSpanishPage(page);
  } finally {
    await resetClock(page);
    await schedule.restore();
  }
});
