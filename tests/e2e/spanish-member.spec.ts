import type { Locator, Page } from '@playwright/test';
import { expectNoEnglishCatalogText } from './catalog-english.ts';
import { seededCode } from './credentials.ts';
import { expect, expectAccessible, test, uniqueName } from './fixtures.ts';
import { redeemOnPass, voteFor, voteNowAfterRedeeming, type PassWords } from './vote.ts';

/*
 * docs/decisions/0048-languages.md: a member who reads Spanish buys a pass, redeems a coupon and
 * votes, every step on a /es/ page, with the words of the Spanish catalog.
 */

const SPANISH_PASS_WORDS: PassWords = {
  vote: 'Votar',
  confirmVote: (shopName) => `¿Le das tu voto a ${shopName}?`,
  votesFinal: 'Los votos no se pueden cambiar.',
  giveMyVote: 'Dar mi voto',
  redeemCoupon: 'Canjear cupón',
  redemptionCode: 'Código de canje',
  redeem: 'Canjear',
  couponRedeemed: 'Cupón canjeado',
  voteNow: 'Votar ahora',
  yourVotes: 'Tus votos',
  done: 'Listo',
};

const SHOP = 'Honest Bean Roasters';

/**
 * The page is Spanish, passes axe, and shows none of the catalog's English (in `within` only on
 * /profile, whose account cards below the pass are not this journey's).
 */
async function expectSpanishPage(page: Page, within?: Locator) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessible(page);
  await expectNoEnglishCatalogText(page, within);
}

test('a member buys a pass, redeems a coupon and votes, all in Spanish', async ({ page }) => {
  const username = uniqueName('comprador');
  const registered = await page.request.post('/api/register', {
    data: {
      username,
      email: `${username}@example.com`,
      fullName: 'Compradora de Prueba',
      password: 'password123',
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/es/checkout');
  await expect(page.getByText('Pase de batalla', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completa tu compra' })).toBeVisible();
  await expect(page.getByText('Cada cupón canjeado te da 1 voto')).toBeVisible();
  await expectSpanishPage(page);
  await page.getByRole('button', { name: 'Comprar pase de batalla' }).click();

  // The sandbox payment page, and the way back, stay in Spanish.
  await expect(page).toHaveURL(/\/es\/checkout\/sandbox\/sbx_/);
  await expect(page.getByRole('heading', { name: 'Completa tu pago' })).toBeVisible();
  await expectSpanishPage(page);
  await page.getByRole('button', { name: /^Pagar / }).click();

  await expect(page).toHaveURL(/\/es\/checkout\?status=success/);
  await expect(page.getByRole('heading', { name: 'Pago realizado' })).toBeVisible();
  await expect(
    page.getByText('¡Tu pase de batalla está activado! Visita cada local', { exact: false }),
  ).toBeVisible();
  // The toast says the server's words, asked in the page's language.
  const paid = page.getByRole('alert').filter({ hasText: 'Listo' });
  await expect(paid).toContainText('¡Tu pase de batalla está activado!');
  // Read while it shows: a toast closes by itself after 4 s, sooner than axe checks a page on a
  // slow machine.
  await expectNoEnglishCatalogText(page, paid);
  await expectSpanishPage(page);
  await page.getByRole('link', { name: 'Ver mi pase' }).click();

  await expect(page).toHaveURL(/\/es\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu reto del café' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tus cupones' })).toBeVisible();
  await expectSpanishPage(page, page.getByRole('tabpanel'));

  // A code of the wrong length is refused in the dialog, in Spanish, before anything is sent.
  await page
    .getByRole('article', { name: SHOP })
    .getByRole('button', { name: SPANISH_PASS_WORDS.redeemCoupon })
    .click();
  const dialog = page.getByRole('dialog', { name: SPANISH_PASS_WORDS.redeemCoupon });
  await dialog.getByLabel(SPANISH_PASS_WORDS.redemptionCode).fill('12');
  await dialog.getByRole('button', { name: 'Canjear', exact: true }).click();
  await expect(
    dialog.getByText('El código de canje debe tener exactamente 4 dígitos'),
  ).toBeVisible();
  await expectSpanishPage(page, dialog);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await redeemOnPass(page, SHOP, seededCode(SHOP), SPANISH_PASS_WORDS);
  // The server's words for the redemption, in the page's language too.
  await expect(
    page
      .getByRole('dialog', { name: SPANISH_PASS_WORDS.couponRedeemed })
      .getByText(`Se canjeó tu cupón de $5 en ${SHOP}. ¡Ganaste un voto!`),
  ).toBeVisible();
  await voteNowAfterRedeeming(page, SHOP, SPANISH_PASS_WORDS);
  await expect(page).toHaveURL(/\/es\/profile\?tab=votes$/);
  await expect(page.getByText('1 voto disponible')).toBeVisible();
  await expectSpanishPage(page, page.getByRole('tabpanel'));

  await voteFor(page, SHOP, SPANISH_PASS_WORDS);
  await expect(page.getByText(`Registramos tu voto por ${SHOP}.`)).toBeVisible();
  await expect(page.getByText('0 votos disponibles')).toBeVisible();
  await expect(
    page.getByRole('article', { name: `Tus votos por ${SHOP}` }).getByText('1 voto'),
  ).toBeVisible();
  await expectSpanishPage(page, page.getByRole('tabpanel'));
});
