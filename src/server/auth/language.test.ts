import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { signedInMember, TestClient, useTestApp, withTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();

const savedLanguage = async (userId: number) =>
  (await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]
    ?.language;

const putLanguage = (client: TestClient, language: unknown) =>
  client.request({ method: 'PUT', url: '/api/user/language', payload: { language } });

describe('the languages (docs/decisions/0048-languages.md)', () => {
  it('GET /api/config names the languages, English and Spanish by default, English without a prefix', async () => {
    const answer = await new TestClient(ctx.app).get('/api/config');
    expect(answer.json()).toMatchObject({ languages: ['en', 'es'], defaultLanguage: 'en' });
  });

  it('GET /api/config follows LANGUAGES and DEFAULT_LANGUAGE', async () => {
    await withTestApp(
      { languages: { languages: ['en', 'es', 'fr'], defaultLanguage: 'es' } },
      async (other) => {
        expect((await new TestClient(other.app).get('/api/config')).json()).toMatchObject({
          languages: ['en', 'es', 'fr'],
          defaultLanguage: 'es',
        });
      },
    );
  });
});

describe('PUT /api/user/language', () => {
  it("saves the member's choice on their account, and changes it again", async () => {
    const { client, user } = await signedInMember(ctx.app);
    // Signed up on an English page (docs/decisions/0049-api-and-mail-languages.md).
    expect(await savedLanguage(user.id)).toBe('en');

    const answer = await putLanguage(client, 'es');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ language: 'es' });
    expect(await savedLanguage(user.id)).toBe('es');

    expect((await putLanguage(client, 'en')).statusCode).toBe(200);
    expect(await savedLanguage(user.id)).toBe('en');
  });

  it('refuses a language the site does not speak with a clear message, changing nothing', async () => {
    const { client, user } = await signedInMember(ctx.app);
    await putLanguage(client, 'es');

    for (const language of ['fr', 'ES', '', 42]) {
      const answer = await putLanguage(client, language);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await putLanguage(client, 'fr')).json()).toEqual({
      message: "Choose one of this site's languages: en, es",
    });
    expect(await savedLanguage(user.id)).toBe('es');
  });

  it('needs a signed-in member', async () => {
    const answer = await putLanguage(new TestClient(ctx.app), 'es');
    expect(answer.statusCode).toBe(401);
  });

  it("saves only the caller's own choice", async () => {
    const first = await signedInMember(ctx.app);
    const second = await signedInMember(ctx.app);
    await putLanguage(first.client, 'es');
    expect(await savedLanguage(first.user.id)).toBe('es');
    expect(await savedLanguage(second.user.id)).toBe('en');
  });
});
