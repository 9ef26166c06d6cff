import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliverMail } from '#tests/helpers/mail.ts';
import {
  SECOND_APP_TIMEOUT_MS,
  signedInMember,
  TestClient,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import { seedDemoData } from './seed.ts';
import { users } from './schema.ts';

const ctx = useTestApp();

describe('the seeded organizer', () => {
  it('has a random address, returned with the password, and cannot be taken over through the sandbox mailbox', async () => {
    const seeded = await seedDemoData(ctx.db, ctx.clock.now());
    expect(seeded?.adminEmail).toMatch(/^organizer-[0-9a-f]{12}@localbattles\.invalid$/);
    const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.email).toBe(seeded?.adminEmail);

    // Even knowing the address, a stranger who asks for a reset link cannot read it.
    const stranger = new TestClient(ctx.app);
    const asked = await stranger.post('/api/password-reset/request', { email: admin!.email });
    expect(asked.statusCode).toBe(202);
    await deliverMail(ctx.db, ctx.clock.now);
    const url = `/api/sandbox/mailbox?to=${encodeURIComponent(admin!.email)}`;
    expect((await stranger.get(url)).statusCode).toBe(401);
    const { client: member } = await signedInMember(ctx.app);
    expect((await member.get(url)).statusCode).toBe(403);
  });

  it(
    'uses ADMIN_EMAIL when it is set',
    async () => {
      await withTestApp({}, async (other) => {
        const seeded = await seedDemoData(other.db, other.clock.now(), {
          adminEmail: 'organizer@battles.example.com',
        });
        expect(seeded?.adminEmail).toBe('organizer@battles.example.com');
        const [admin] = await other.db.select().from(users).where(eq(users.username, 'admin'));
        expect(admin?.email).toBe('organizer@battles.example.com');
      });
    },
    SECOND_APP_TIMEOUT_MS,
  );
});

describe('the demo battles', () => {
  it(
    'read in Spanish on Spanish pages: titles, descriptions and the shops’ texts (docs/decisions/0050)',
    async () => {
      await withTestApp({}, async (other) => {
        await seedDemoData(other.db, other.clock.now());
        const visitor = new TestClient(other.app);
        const read = async (url: string) =>
          (
            await visitor.request({ method: 'GET', url, headers: { 'accept-language': 'es' } })
          ).json<Record<string, unknown>>();
        const battles = (await read('/api/challenges')) as unknown as { title: string }[];
        expect(battles.map((battle) => battle.title).sort()).toEqual([
          'Batallas del Café de Huntsville',
          'Batallas del Helado de Huntsville',
          'Batallas del Taco de Huntsville',
        ]);
        const shops = (await read('/api/businesses')) as unknown as {
          name: string;
          description: string;
          specialties: string;
        }[];
        expect(shops).toHaveLength(8);
        expect(shops[0]).toMatchObject({
          name: 'Honest Bean Roasters',
          description: 'Tostaduría artesanal con filtrados de origen único y un patio soleado.',
          specialties: 'Filtrado, Espresso, Latte con leche de avena',
        });
      });
    },
    SECOND_APP_TIMEOUT_MS,
  );
});
