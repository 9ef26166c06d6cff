import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, type Challenge } from '#server/db/schema.ts';
import { useStripeTestApp } from '#tests/helpers/stripe-stub.ts';
import { deliverMail, mailboxOf } from '#tests/helpers/mail.ts';
import { TEST_JOB_OPTIONS, TestClient } from '#tests/helpers/test-app.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { issuePass } from '#server/passes/issue.ts';
import { sendMessage } from '#server/messages/service.ts';

/**
 * Mail in the member's language (docs/decisions/0049-api-and-mail-languages.md): an account made
 * on a Spanish page keeps Spanish, and its emails speak it, with links to the Spanish pages; an
 * English member's emails stay word for word as they were.
 */
const { ctx, stub } = useStripeTestApp({ contactEmail: 'help@coffee-battle.example' });
let challenge: Challenge;

beforeAll(async () => {
  ({ challenge } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { title: 'Batalla del Café', price: 25, timeZone: 'America/Chicago' },
    shops: [{ name: 'Café Uno', position: 0 }],
  }));
});

const SPANISH_PAGE = { 'accept-language': 'es' };

async function register(username: string, headers: Record<string, string> = {}) {
  const client = new TestClient(ctx.app);
  const response = await client.request({
    method: 'POST',
    url: '/api/register',
    headers,
    payload: {
      username,
      email: `${username}@example.com`,
      fullName: 'Ana Pérez',
      password: 'password123',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { client, id: response.json<{ id: number }>().id, email: `${username}@example.com` };
}

const newest = async (email: string) => {
  await deliverMail(ctx.db, ctx.clock.now);
  return (await mailboxOf(ctx, email))[0]!;
};

const savedLanguage = async (id: number) =>
  (await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]
    ?.language;

describe('mail in the member’s language', () => {
  it('welcomes an account made on a Spanish page in Spanish, and keeps Spanish as its language', async () => {
    const ana = await register('ana_es', SPANISH_PAGE);
    expect(await savedLanguage(ana.id)).toBe('es');
    const welcome = await newest(ana.email);
    expect(welcome.subject).toBe('Te damos la bienvenida a Local Battles');
    expect(welcome.text).toContain('¡Te damos la bienvenida a Local Battles!');
    expect(welcome.text).toContain('confirma el correo en las próximas 24 horas');
    expect(welcome.text).toContain('El equipo de Local Battles');
    expect(welcome.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost\/es\/auth\/verify-email\?token=[\w-]{43}$/),
      'http://localhost/es/checkout',
    ]);
    expect(welcome.html).toContain(
      '<a href="http://localhost/es/checkout">Consigue tu pase de batalla</a>',
    );
    expect(`${welcome.subject}\n${welcome.text}`).not.toMatch(/Welcome|battle pass|The Local/);
  });

  it('writes the same English as ever to an account made on an English page', async () => {
    const bob = await register('bob_en');
    expect(await savedLanguage(bob.id)).toBe('en');
    const welcome = await newest(bob.email);
    expect(welcome.subject).toBe('Welcome to Local Battles');
    expect(welcome.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost\/auth\/verify-email\?token=[\w-]{43}$/),
      'http://localhost/checkout',
    ]);
    expect(welcome.text.trim().split('\n').at(-1)).toBe('The Local Battles team');
  });

  it("sends a reset link in the member's saved language, whatever page asked for it", async () => {
    const ana = await register('ana_reset', SPANISH_PAGE);
    const asked = await new TestClient(ctx.app).post('/api/password-reset/request', {
      email: ana.email,
    });
    expect(asked.statusCode).toBe(202);
    const reset = await newest(ana.email);
    expect(reset.subject).toBe('Restablece tu contraseña de Local Battles');
    expect(reset.text).toContain(
      'Alguien pidió restablecer la contraseña de la cuenta de Local Battles "ana_reset".',
    );
    expect(reset.text).toContain('en los próximos 60 minutos');
    expect(reset.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost\/es\/auth\/reset\?token=[\w-]{43}$/),
    ]);

    // Changed to English on the account: English from then on, even asked from a Spanish page.
    await ana.client.put('/api/user/language', { language: 'en' });
    await new TestClient(ctx.app).request({
      method: 'POST',
      url: '/api/password-reset/request',
      headers: SPANISH_PAGE,
      payload: { email: ana.email },
    });
    expect((await newest(ana.email)).subject).toBe('Reset your Local Battles password');
  });

  it('writes the receipt in Spanish: its words, its dates and its links', async () => {
    const ana = await register('ana_buyer', SPANISH_PAGE);
    const response = await ana.client.post('/api/create-checkout-session');
    expect(response.statusCode, response.body).toBe(200);
    const sessionId = response.json<{ url: string }>().url.split('/').at(-1)!;
    stub.complete(sessionId);
    const verified = await ana.client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect(verified.json(), verified.body).toMatchObject({ success: true });
    await deliverMail(ctx.db, ctx.clock.now);
    // Sent at the same moment as the welcome: found by its subject.
    const receipt = (await mailboxOf(ctx, ana.email)).find(
      (message) => message.subject === 'Recibo de tu pase de batalla de Batalla del Café',
    )!;
    expect(receipt.text).toContain('Gracias por comprar el pase de batalla de Batalla del Café.');
    const date = ctx.clock
      .now()
      .toLocaleDateString('es-US', { dateStyle: 'long', timeZone: 'America/Chicago' });
    expect(receipt.text).toContain(`Fecha: ${date}`);
    expect(receipt.text).toContain('Tu pase incluye 1 cupón, uno en cada uno de estos locales:');
    expect(receipt.text).toContain('¿Tienes preguntas sobre tu pase? Escribe a los organizadores');
    expect(receipt.links).toEqual(['http://localhost/es/profile']);
  });

  it("gives each holder the organizer's message with the footer in their language", async () => {
    const ana = await register('ana_holder', SPANISH_PAGE);
    const bob = await register('bob_holder');
    for (const member of [ana, bob]) {
      await ctx.db.transaction((tx) =>
        issuePass(tx, { userId: member.id, challengeId: challenge.id }),
      );
    }
    const organizer = await register('organizer_sender');
    await sendMessage(
      ctx.db,
      TEST_JOB_OPTIONS.mail,
      {
        challengeId: challenge.id,
        sentBy: organizer.id,
        subject: 'Saturday / Sábado',
        text: 'Live music at noon.',
        audience: 'all',
      },
      ctx.clock.now(),
    );
    const toAna = await newest(ana.email);
    const toBob = await newest(bob.email);
    expect([toAna.subject, toBob.subject]).toEqual(['Saturday / Sábado', 'Saturday / Sábado']);
    expect(toAna.text).toContain(
      'Recibes esto porque tienes el pase de batalla de Batalla del Café.',
    );
    expect(toBob.text).toContain('You get this as a holder of the Batalla del Café Battle Pass.');
  });
});
