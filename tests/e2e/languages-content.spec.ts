import type { Locator, Page } from '@playwright/test';
import { expectNoEnglishCatalogText } from './catalog-english.ts';
import { E2E_ADMIN } from './credentials.ts';
import { expect, expectAccessible, signIn, test, uniqueName } from './fixtures.ts';

/*
 * docs/decisions/0050-content-languages.md: the organizer writes a battle and a shop in English and,
 * in the forms' Spanish tab, in Spanish (the hours' labels too), on the organizer's pages under
 * /es/; a visitor reading Spanish then sees them in Spanish. The battle is published but starts
 * years from now, so the running battle other journeys use stays the one on /battles/coffee.
 */

/** The form's dialog passes axe and shows none of the catalog's English. */
async function expectSpanishDialog(page: Page, dialog: Locator) {
  await expectNoEnglishCatalogText(page, dialog);
  await expectAccessible(page);
}

test('an organizer writes a battle and a shop in Spanish; a visitor reads them in Spanish', async ({
  page,
  browser,
}) => {
  const suffix = uniqueName('');
  const battle = { en: `Bagel Battle ${suffix}`, es: `Batalla del bagel ${suffix}` };
  const shop = { en: `Rise Bagels ${suffix}`, es: `Bagels Levadura ${suffix}` };
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);

  // The battle: the English tab first (the main language), then the Spanish one.
  await page.goto('/es/admin/challenges');
  await page.getByRole('button', { name: 'Crear competencia' }).click();
  let dialog = page.getByRole('dialog', { name: 'Crear competencia' });
  await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(battle.en);
  await dialog
    .getByRole('textbox', { name: 'Descripción', exact: true })
    .fill('Bagels all month long');
  // The theme keeps its key (coffee, its icon); its label names it on the pages.
  await dialog.getByRole('textbox', { name: 'Nombre del tema' }).fill('Bagel');
  await dialog.getByLabel('Fecha de inicio').fill('2036-03-01T09:00');
  await dialog.getByLabel('Fecha de cierre').fill('2036-03-31T21:00');
  await dialog.getByRole('switch', { name: /^Activa / }).check();
  await dialog.getByRole('tab', { name: 'Español' }).click();
  // Only the open tab's fields are on the page: each label names one field.
  await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(battle.es);
  await dialog
    .getByRole('textbox', { name: 'Descripción', exact: true })
    .fill('Bagels todo el mes');
  const spanishLabel = dialog.getByRole('textbox', { name: 'Nombre del tema' });
  // Left empty, the Spanish label would be the main language's.
  await expect(spanishLabel).toHaveAccessibleDescription(
    /Bagel, como está escrito en el idioma principal/,
  );
  await spanishLabel.fill('roscas');
  await expectSpanishDialog(page, dialog);
  await dialog.getByRole('button', { name: 'Crear competencia' }).click();
  await expect(page.getByText('Competencia creada')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The shop, in the new battle: its texts and its hours' labels in both tabs.
  await page.goto('/es/admin/businesses');
  const selector = page.getByRole('combobox', { name: 'Competencia' });
  await selector.click();
  await page.getByRole('option', { name: battle.en }).click();
  await expect(page.getByText('Todavía no hay locales')).toBeVisible();
  // The shops page names the battle's theme by the label written in its main language.
  await expect(page.getByText('Tema: Bagel', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar un local' }).first().click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Descripción del local' })).toBeVisible();
  await dialog.getByLabel('Nombre del local').fill(shop.en);
  await dialog.getByLabel('Descripción corta').fill('Fresh bagels every morning');
  await dialog.getByLabel('Dirección').fill('200 Test Way, Huntsville, AL');
  await dialog.getByRole('tab', { name: 'Español' }).click();
  await dialog.getByLabel('Nombre del local').fill(shop.es);
  await dialog.getByLabel('Descripción corta').fill('Bagels recién hechos cada mañana');
  await dialog
    .getByRole('textbox', { name: 'Descripción del local' })
    .fill('Horneamos de madrugada.');
  await dialog.getByLabel('Monday - Friday').fill('De lunes a viernes');
  await expect(dialog.getByRole('group', { name: 'Horario', exact: true })).toBeVisible();
  await expectSpanishDialog(page, dialog);
  await dialog.getByRole('button', { name: 'Agregar local' }).click();
  await expect(page.getByText('Local guardado')).toBeVisible();
  const battles = (await (await page.request.get('/api/admin/challenges')).json()) as {
    id: number;
    title: string;
  }[];
  const saved = battles.find((each) => each.title === battle.en)!;
  expect(saved).toMatchObject({
    theme: 'coffee',
    themeLabel: 'Bagel',
    ownThemeLabel: 'Bagel',
    translations: { es: { themeLabel: 'roscas' } },
  });
  const battleId = saved.id;
  const shops = (await (
    await page.request.get(`/api/admin/challenges/${String(battleId)}/businesses`)
  ).json()) as { id: number; name: string }[];
  const shopId = shops.find((each) => each.name === shop.en)!.id;

  // A visitor reading Spanish.
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    baseURL: new URL(page.url()).origin,
  });
  const visitor = await context.newPage();
  await visitor.goto('/es/battles');
  await expect(visitor.getByText(battle.es)).toBeVisible();
  await expect(visitor.getByText(battle.en)).toHaveCount(0);
  await expect(
    visitor.getByRole('article', { name: battle.es }).getByRole('heading', { level: 3 }),
  ).toHaveText('Batalla de roscas');
  await visitor.goto('/battles');
  await expect(
    visitor.getByRole('article', { name: battle.en }).getByRole('heading', { level: 3 }),
  ).toHaveText('Bagel Battle');

  await visitor.goto(`/es/business/${String(shopId)}`);
  await expect(visitor.getByRole('heading', { name: shop.es, level: 1 })).toBeVisible();
  // The short description is the page's link preview.
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Bagels recién hechos cada mañana',
  );
  await expect(visitor.getByText('Horneamos de madrugada.')).toBeVisible();
  await expect(visitor.getByRole('rowheader', { name: 'De lunes a viernes' })).toBeVisible();
  // A label not written in Spanish is shown in the page's own words where they can be read from it.
  await expect(visitor.getByRole('rowheader', { name: 'Sábado' })).toBeVisible();
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoEnglishCatalogText(visitor);
  await expectAccessible(visitor);
  await context.close();

  // The battle leaves the public schedule again.
  const retired = await page.request.patch(`/api/admin/challenges/${String(battleId)}`, {
    data: { active: false },
  });
  expect(retired.status()).toBe(200);
});
