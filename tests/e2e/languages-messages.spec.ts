import { expectNoEnglishCatalogText } from './catalog-english.ts';
import { E2E_ADMIN } from './credentials.ts';
import { expect, expectAccessible, signIn, test, uniqueName } from './fixtures.ts';

/**
 * docs/decisions/0050-content-languages.md: on /es/admin/messages the organizer writes a message
 * in the battle's main language and in Spanish, in Spanish words throughout; a member whose
 * language is Spanish gets the Spanish text.
 */
test('the organizer writes a message per language on a Spanish page, and a Spanish member gets hers', async ({
  page,
  browser,
  baseURL,
}) => {
  // A member who signed up on a Spanish page (her mail speaks Spanish) and holds a pass.
  const memberContext = await browser.newContext({ baseURL });
  const username = uniqueName('lectora');
  const email = `${username}@example.com`;
  try {
    const member = memberContext.request;
    const registered = await member.post('/api/register', {
      headers: { 'accept-language': 'es' },
      data: { username, email, fullName: 'Ana Pérez', password: 'password123' },
    });
    expect(registered.status()).toBe(201);
    expect((await member.post('/api/testing/create-pass')).status()).toBe(201);
  } finally {
    await memberContext.close();
  }

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/es/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Nuevo mensaje' })).toBeVisible();

  const subject = `Sellos dobles ${username}`;
  await page.getByLabel('Asunto', { exact: true }).fill(`Double stamps ${username}`);
  await page.getByLabel('Mensaje', { exact: true }).fill('Bring a friend on Saturday.');
  await page.getByRole('tab', { name: 'Español' }).click();
  await page.getByLabel('Asunto (Español)').fill(subject);
  await page.getByLabel('Mensaje (Español)').fill('Trae a un amigo el sábado.');
  await page.getByRole('radio', { name: /^Todos los que tienen pase \(\d+ miembros?\)$/ }).check();
  await expect(
    page.getByRole('status').filter({ hasText: /^Este mensaje llega a \d+ miembros?\.$/ }),
  ).toBeVisible();
  await expectNoEnglishCatalogText(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  const confirm = page.getByRole('dialog', { name: /^¿Enviar a \d+ miembros?\?$/ });
  await expect(confirm).toContainText('Para: Todos los que tienen pase');
  await expectNoEnglishCatalogText(page);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText(/^En cola para \d+ miembros?\.$/)).toBeVisible();
  const sent = page.getByRole('table', { name: 'Mensajes enviados' });
  await expect(
    sent.getByRole('row', { name: new RegExp(`Double stamps ${username}`) }),
  ).toBeVisible();
  await expect(sent.getByRole('columnheader', { name: 'Entregados' })).toBeVisible();
  await expectNoEnglishCatalogText(page);

  // The Spanish member's copy is the Spanish text, its footer in Spanish.
  await expect(async () => {
    const mailbox = await page.request.get(`/api/sandbox/mailbox?to=${encodeURIComponent(email)}`);
    const mails = (await mailbox.json()) as { subject: string; text: string }[];
    const mail = mails.find((one) => one.subject === subject);
    expect(mail?.text).toContain('Trae a un amigo el sábado.');
    expect(mail?.text).not.toContain('Bring a friend');
  }).toPass({ timeout: 60_000 });
});
