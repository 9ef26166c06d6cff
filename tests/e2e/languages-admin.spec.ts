import type { Page } from '@playwright/test';
import { expectNoEnglishCatalogText } from './catalog-english.ts';
import { E2E_ADMIN } from './credentials.ts';
import { createShop, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * docs/decisions/0048-languages.md: the organizer's pages and a shop's own side in Spanish, under
 * /es/, with the Spanish manifest; none of the catalog's English is left on them.
 */

async function expectSpanish(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/es/manifest.webmanifest',
  );
  await expectNoEnglishCatalogText(page);
  await expectAccessible(page);
}

test("the organizer's pages speak Spanish under /es/", async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);

  await page.goto('/es/admin');
  await expect(page.getByRole('heading', { name: 'El dinero de un vistazo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Copias de seguridad' })).toBeVisible();
  await expect(page.getByText(/Se hacen (solo a pedido|cada)/)).toBeVisible();
  await expectSpanish(page, 'Panel de organización');
  await expect(page).toHaveTitle(/^Panel de organización - /);

  // The sidebar's links stay in Spanish.
  await page
    .getByRole('navigation', { name: 'Organización' })
    .getByRole('link', { name: 'Clasificación' })
    .click();
  await expect(page).toHaveURL(/\/es\/admin\/leaderboard$/);
  await expect(page.getByRole('heading', { name: 'Clasificación completa' })).toBeVisible();
  await expectSpanish(page, 'Clasificación');

  await page.goto('/es/admin/settlement');
  await expect(page.getByRole('columnheader', { name: 'Se debe ahora' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagos' })).toBeVisible();
  await expectSpanish(page, 'Liquidación');

  await page.goto('/es/admin/rewards');
  await expect(
    page.getByRole('textbox', { name: 'Código para recoger, usuario o correo' }),
  ).toBeVisible();
  await expectSpanish(page, 'Entregar un premio');

  await page.goto('/es/admin/challenges');
  await expect(page.getByRole('columnheader', { name: 'Estado' })).toBeVisible();
  await expectSpanish(page, 'Gestionar competencias');
});

test("a shop's own page and cashier card speak Spanish under /es/", async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const shop = await createShop(page, 'Café Español ');
  const issued = await page.request.post(`/api/admin/businesses/${shop.id}/shop-link`);
  expect(issued.status()).toBe(201);
  const { pathname } = new URL(((await issued.json()) as { url: string }).url);
  // The shop's name written in Spanish: its page and card name it so (docs/decisions/0050).
  const spanishName = `Cafetería ${shop.name}`;
  const named = await page.request.patch(`/api/admin/businesses/${shop.id}`, {
    data: { translations: { es: { name: spanishName } } },
  });
  expect(named.status()).toBe(200);

  await page.goto(`/es${pathname}`);
  await expect(page.getByRole('heading', { name: spanishName, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Código de canje' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Pausar los canjes' })).toBeVisible();
  await expect(page.getByText('Todavía no se ha canjeado ningún cupón aquí.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoEnglishCatalogText(page);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Imprimir la tarjeta para caja' }).click();
  await expect(page).toHaveURL(new RegExp(`/es${pathname}/card$`));
  const card = page.getByRole('article', { name: 'Tarjeta para caja' });
  await expect(
    card.getByRole('img', { name: `Código QR: canjea un cupón en ${spanishName}` }),
  ).toBeVisible();
  await expect(card.getByText(spanishName, { exact: true })).toBeVisible();
  await expect(card.getByText('Pide al cliente su pase de batalla.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Carta' })).toBeAttached();
  await expectNoEnglishCatalogText(page);
  await expectAccessible(page);
});
