import type { Page } from '@playwright/test';
import type { PublicBusiness } from '#shared/businesses.ts';
import { expectNoEnglishCatalogText } from './catalog-english.ts';
import { expect, expectAccessible, registerViaAuthPage, test, uniqueName } from './fixtures.ts';

/** docs/decisions/0048-languages.md: the public pages in Spanish, and the way back. */

async function expectAlternates(page: Page, path: string) {
  const href = (language: string) =>
    page.locator(`head link[rel="alternate"][hreflang="${language}"]`).getAttribute('href');
  const origin = new URL(page.url()).origin;
  expect(new URL((await href('en')) ?? '').pathname).toBe(path);
  expect(new URL((await href('es')) ?? '').pathname).toBe(path === '/' ? '/es/' : `/es${path}`);
  expect(new URL((await href('x-default')) ?? '', origin).pathname).toBe(path);
}

test.describe('a visitor whose browser prefers Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('gets the Spanish home, battle and shop pages, with their English addresses named', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Preguntas frecuentes' })).toBeVisible();
    await expectAlternates(page, '/');
    await expectNoEnglishCatalogText(page);
    await expectAccessible(page);

    await page.goto('/es/battles/coffee');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Cafeterías participantes' })).toBeVisible();
    await expectAlternates(page, '/battles/coffee');
    await expectNoEnglishCatalogText(page);

    // A shop card's link stays in Spanish.
    const shops = (await (await page.request.get('/api/businesses')).json()) as PublicBusiness[];
    const shop = shops[0]!;
    await page.getByRole('link', { name: `Ver detalles: ${shop.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/es/business/${shop.id}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Contacto' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inicia sesión para canjear' })).toBeVisible();
    await expectAlternates(page, `/business/${shop.id}`);
    await expectNoEnglishCatalogText(page);
    await expectAccessible(page);
  });

  test('goes back to English with the switch in the drawer, and stays there', async ({ page }) => {
    await page.goto('/es/battles/coffee');
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const languages = page.getByRole('dialog').getByRole('group', { name: 'Idioma' });
    await expect(languages.getByText('Español')).toHaveAttribute('aria-current', 'true');
    await languages.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/battles\/coffee$/);
    await expect(page).not.toHaveURL(/\/es\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();

    // The browser still prefers Spanish, but it has been here: the address decides now.
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).not.toHaveURL(/\/es\//);
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  });
});

test("a signed-in member's choice of language is saved on their account", async ({ page }) => {
  await registerViaAuthPage(page, uniqueName('lang'));
  await expect(page).toHaveURL('/');
  await page.goto('/privacy');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/user/language') && response.request().method() === 'PUT',
  );
  await page
    .getByRole('dialog')
    .getByRole('group', { name: 'Language' })
    .getByRole('link', { name: 'Español' })
    .click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ language: 'es' });
  await expect(page).toHaveURL(/\/es\/privacy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await expect(page.getByRole('dialog').getByText('Mi perfil')).toBeVisible();
});
