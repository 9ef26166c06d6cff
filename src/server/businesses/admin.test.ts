import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, challenges, coupons, votes } from '../db/schema.ts';
import { issuePass } from '../passes/issue.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();
let admin: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
});

interface AdminShop {
  id: number;
  name: string;
  redemptionCode: string;
  longDescription: string | null;
  hours: string | null;
  website: string | null;
  position: number;
}

const shopBody = (challengeId: number, overrides: Record<string, unknown> = {}) => ({
  challengeId,
  name: 'Bean There',
  description: 'Small-batch roasts',
  address: '100 Main St',
  ...overrides,
});

async function newChallenge(overrides: Parameters<typeof insertChallenge>[2] = {}) {
  return insertChallenge(ctx.db, ctx.clock.now(), { active: false, ...overrides });
}

async function create(challengeId: number, overrides: Record<string, unknown> = {}) {
  return admin.post('/api/admin/businesses', shopBody(challengeId, overrides));
}

describe('admin businesses API: access', () => {
  it('answers 401 signed out and 403 for members on every endpoint, before validating', async () => {
    const challenge = await newChallenge();
    const shop = await insertBusiness(ctx.db, challenge.id);
    const { client: member } = await signedInMember(ctx.app);
    for (const [client, status] of [
      [new TestClient(ctx.app), 401],
      [member, 403],
    ] as const) {
      const list = await client.get(`/api/admin/challenges/${challenge.id}/businesses`);
      expect(list.statusCode).toBe(status);
      expect(list.body).not.toContain(shop.redemptionCode);
      expect((await client.post('/api/admin/businesses', {})).statusCode).toBe(status);
      expect((await client.post('/api/admin/businesses', shopBody(challenge.id))).statusCode).toBe(
        status,
      );
      expect(
        (await client.patch(`/api/admin/businesses/${shop.id}`, { name: 'Hacked' })).statusCode,
      ).toBe(status);
      expect((await client.delete(`/api/admin/businesses/${shop.id}`)).statusCode).toBe(status);
    }
    const [unchanged] = await ctx.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(unchanged).toMatchObject({ name: shop.name, deletedAt: null });
  });
});

describe('admin businesses API: create, list, update', () => {
  it('creates a shop with every field, lists it with its code (admins only, never cached)', async () => {
    const challenge = await newChallenge();
    const response = await create(challenge.id, {
      longDescription: '<p>Hello <strong>there</strong></p>',
      phone: '(256) 555-0100',
      website: 'beanthere.example.com',
      imageUrl: 'https://images.example.com/bean.jpg',
      hours: '{"Monday - Friday": "7am - 5pm", "Saturday": "8am - 2pm"}',
      specialties: 'Espresso, Cold brew',
      position: 3,
      redemptionCode: '0042',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      challengeId: challenge.id,
      name: 'Bean There',
      longDescription: '<p>Hello <strong>there</strong></p>',
      website: 'https://beanthere.example.com',
      hours: '{"Monday - Friday":"7am - 5pm","Saturday":"8am - 2pm"}',
      position: 3,
      redemptionCode: '0042',
    });
    const list = await admin.get(`/api/admin/challenges/${challenge.id}/businesses`);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toEqual([response.json()]);
    expect((await admin.get('/api/admin/challenges/999999/businesses')).statusCode).toBe(404);
  });

  it('defaults optional fields to null and position to 0, and generates an unused code when none is given', async () => {
    const challenge = await newChallenge();
    const codes = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const response = await create(challenge.id, {
        redemptionCode: i % 2 ? '' : undefined,
        phone: '',
      });
      expect(response.statusCode).toBe(201);
      const shop = response.json<AdminShop & { phone: string | null }>();
      expect(shop.redemptionCode).toMatch(/^[0-9]{4}$/);
      expect(shop).toMatchObject({ phone: null, position: 0, longDescription: null, hours: null });
      codes.add(shop.redemptionCode);
    }
    expect(codes.size).toBe(20);
  });

  it('refuses a code another live shop of the challenge uses (409), allows it in another challenge or after a delete', async () => {
    const challenge = await newChallenge();
    const other = await newChallenge();
    const first = (await create(challenge.id, { redemptionCode: '1234' })).json<AdminShop>();
    const duplicate = await create(challenge.id, { redemptionCode: '1234', name: 'Copycat' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message:
        'Redemption code 1234 is already used by another shop in this challenge. Choose another code.',
    });
    expect(
      (await admin.get(`/api/admin/challenges/${challenge.id}/businesses`)).json(),
    ).toHaveLength(1);
    expect((await create(other.id, { redemptionCode: '1234' })).statusCode).toBe(201);

    const second = (await create(challenge.id, { redemptionCode: '5678' })).json<AdminShop>();
    const clash = await admin.patch(`/api/admin/businesses/${second.id}`, {
      redemptionCode: '1234',
    });
    expect(clash.statusCode).toBe(409);
    expect((await admin.delete(`/api/admin/businesses/${first.id}`)).statusCode).toBe(204);
    expect(
      (await admin.patch(`/api/admin/businesses/${second.id}`, { redemptionCode: '1234' })).json(),
    ).toMatchObject({
      redemptionCode: '1234',
    });
  });

  it.each([
    [{ redemptionCode: '123' }, 'Redemption code must be at least 4 characters'],
    [{ redemptionCode: '12345' }, 'Redemption code must be exactly 4 characters'],
    [{ redemptionCode: '12a4' }, 'Redemption code must be 4 digits'],
    [{ redemptionCode: 1234 }, 'Redemption code must be 4 digits'],
    [{ name: ' ' }, 'Business name is required'],
    [{ description: undefined }, 'Business description is required'],
    [{ address: '' }, 'Address is required'],
    [{ challengeId: undefined }, 'No challenge selected'],
    [{ position: -1 }, 'Display order must be a whole number of at least 0'],
    [{ position: 1.5 }, 'Display order must be a whole number of at least 0'],
    [
      { hours: 'Mon-Fri 9-5' },
      'Hours must be a JSON object of days to hours, e.g. {"Monday - Friday": "6:30am - 8:00pm"}',
    ],
    [
      { hours: '["9-5"]' },
      'Hours must be a JSON object of days to hours, e.g. {"Monday - Friday": "6:30am - 8:00pm"}',
    ],
    [
      { hours: '{"Monday": 9}' },
      'Hours must be a JSON object of days to hours, e.g. {"Monday - Friday": "6:30am - 8:00pm"}',
    ],
    [
      { hours: '"9-5"' },
      'Hours must be a JSON object of days to hours, e.g. {"Monday - Friday": "6:30am - 8:00pm"}',
    ],
    [{ website: 'javascript:alert(1)' }, 'Website must be a valid web address'],
    [{ website: 'ftp://files.example.com' }, 'Website must be a valid web address'],
    [{ website: 'not a site' }, 'Website must be a valid web address'],
    [{ imageUrl: 'javascript:alert(1)' }, 'Image URL must start with http://, https:// or /'],
    [{ imageUrl: '//evil.example.com/x.png' }, 'Image URL must start with http://, https:// or /'],
  ])('refuses %o with "%s" and stores nothing', async (change, message) => {
    const challenge = await newChallenge();
    const response = await admin.post('/api/admin/businesses', {
      ...shopBody(challenge.id),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(
      await ctx.db.select().from(businesses).where(eq(businesses.challengeId, challenge.id)),
    ).toEqual([]);
  });

  it('404s a create for an unknown challenge and an update or delete of an unknown or deleted shop', async () => {
    expect((await create(999_999)).json()).toEqual({ message: 'Challenge not found' });
    const challenge = await newChallenge();
    const shop = (await create(challenge.id)).json<AdminShop>();
    await admin.delete(`/api/admin/businesses/${shop.id}`);
    for (const id of [shop.id, 999_999]) {
      const patch = await admin.patch(`/api/admin/businesses/${id}`, { name: 'Back' });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ message: 'Business not found' });
      expect((await admin.delete(`/api/admin/businesses/${id}`)).statusCode).toBe(404);
    }
  });

  it('updates only the given fields, validates them the same way, keeps the code when none is given', async () => {
    const challenge = await newChallenge();
    const shop = (
      await create(challenge.id, { redemptionCode: '4321', hours: '{"Daily":"8-4"}', position: 2 })
    ).json<AdminShop>();
    const patched = await admin.patch(`/api/admin/businesses/${shop.id}`, {
      name: 'Bean Here',
      redemptionCode: '',
      longDescription: '<p onclick="x()">Now <em>open</em></p>',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Bean Here',
      redemptionCode: '4321',
      hours: '{"Daily":"8-4"}',
      position: 2,
      longDescription: '<p>Now <em>open</em></p>',
    });
    const bad = await admin.patch(`/api/admin/businesses/${shop.id}`, {
      hours: 'always',
      name: 'Changed',
    });
    expect(bad.statusCode).toBe(400);
    const [stored] = await ctx.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(stored?.name).toBe('Bean Here');
    expect(
      (await admin.patch(`/api/admin/businesses/${shop.id}`, { hours: null })).json().hours,
    ).toBeNull();
  });

  it('a patch that sets nothing ({}, unknown keys only, an empty code) answers 200 with the shop unchanged', async () => {
    const challenge = await newChallenge();
    const shop = (await create(challenge.id, { redemptionCode: '5678' })).json<AdminShop>();
    for (const body of [{}, { unknown: 'x', isAdmin: true }, { redemptionCode: '' }]) {
      const patched = await admin.patch(`/api/admin/businesses/${shop.id}`, body);
      expect(patched.statusCode, JSON.stringify(body)).toBe(200);
      expect(patched.json()).toEqual(shop);
    }
    const missing = await admin.patch('/api/admin/businesses/999999', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Business not found' });
  });

  it('reorders: public and admin lists follow position, then creation order', async () => {
    const challenge = await newChallenge();
    const a = (await create(challenge.id, { name: 'A', position: 0 })).json<AdminShop>();
    const b = (await create(challenge.id, { name: 'B', position: 1 })).json<AdminShop>();
    await admin.patch(`/api/admin/businesses/${a.id}`, { position: 5 });
    const names = (await admin.get(`/api/admin/challenges/${challenge.id}/businesses`))
      .json()
      .map((s: AdminShop) => s.name);
    expect(names).toEqual(['B', 'A']);
    expect(b.position).toBe(1);
  });

  it('concurrent creates with the same code: exactly one succeeds, the rest get 409', async () => {
    const challenge = await newChallenge();
    // On PostgreSQL a second instance with its own pool, as two servers would race.
    const app2 = usingPostgres ? await ctx.buildApp((await ctx.database.reopen()).db) : ctx.app;
    const admin2 = new TestClient(app2);
    admin2.cookie = admin.cookie;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? admin2 : admin).post(
          '/api/admin/businesses',
          shopBody(challenge.id, { name: `Racer ${i}`, redemptionCode: '7777' }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const live = await ctx.db
      .select()
      .from(businesses)
      .where(eq(businesses.challengeId, challenge.id));
    expect(live).toHaveLength(1);
  });
});

describe('rich text is sanitized on save (docs/RULES.md rule 9)', () => {
  let challengeId: number;
  beforeAll(async () => {
    challengeId = (await newChallenge()).id;
  });
  const saved = async (html: string) => {
    const response = await create(challengeId, { longDescription: html });
    expect(response.statusCode).toBe(201);
    return response.json<AdminShop>().longDescription;
  };

  it('keeps the editor formatting: headings, marks, colours, lists, quotes, links, images', async () => {
    const html =
      '<h2>Our story</h2><p><strong>Bold</strong> <em>it</em> <u>under</u> <s>strike</s> ' +
      '<span style="color: #c2255c">pink</span> <mark data-color="#ffec99" style="background-color: #ffec99; color: inherit">marked</mark></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote>' +
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a> ' +
      '<a href="mailto:hi@example.com">mail</a> <a href="tel:+12565550100">call</a></p>' +
      '<img src="https://example.com/a.png" alt="A cup"><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">';
    const clean = await saved(html);
    expect(clean).toContain('<h2>Our story</h2>');
    expect(clean).toContain('<strong>Bold</strong> <em>it</em> <u>under</u> <s>strike</s>');
    expect(clean).toContain('<span style="color:#c2255c">pink</span>');
    expect(clean).toContain('style="background-color:#ffec99;color:inherit"');
    expect(clean).toContain(
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote>',
    );
    expect(clean).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(clean).toContain('href="mailto:hi@example.com"');
    expect(clean).toContain('href="tel:+12565550100"');
    expect(clean).toContain('<img src="https://example.com/a.png" alt="A cup" />');
    expect(clean).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />');
  });

  it.each([
    ['<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    [
      '<img src="https://example.com/a.png" onerror="alert(1)">',
      '<img src="https://example.com/a.png" />',
    ],
    [
      '<a href="javascript:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="https://x.example" target="_top" rel="opener">x</a>',
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<p>a</p><img src="data:text/html;base64,PHNjcmlwdD4=">', '<p>a</p>'],
    ['<p>a</p><img src="data:image/svg+xml;base64,PHN2Zz4=">', '<p>a</p>'],
    ['<p>a</p><img src="javascript:alert(1)">', '<p>a</p>'],
    ['<p>a</p><img src="//evil.example/x.png">', '<p>a</p>'],
    ['<p>a</p><svg onload="alert(1)"><circle r="1"/></svg>', '<p>a</p>'],
    [
      '<p>a</p><iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
      '<p>a</p>',
    ],
    ['<p style="background-color: url(javascript:alert(1)); position: fixed">a</p>', '<p>a</p>'],
    ['<p style="color: expression(alert(1))">a</p>', '<p>a</p>'],
    ['<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    ['<form action="https://evil.example"><input name="x"></form><p>a</p>', '<p>a</p>'],
  ])('%s is saved as %s', async (hostile, expected) => {
    expect(await saved(hostile)).toBe(expected);
  });

  it('stores nothing for an empty editor', async () => {
    expect(await saved('<p></p>')).toBeNull();
  });
});

describe('shops added later and deleted shops (docs/RULES.md rules 7 and 8)', () => {
  it('a new shop gives every sold pass its coupon, in the same transaction', async () => {
    const challenge = await newChallenge();
    const { user: one } = await signedInMember(ctx.app);
    const { user: two } = await signedInMember(ctx.app);
    for (const user of [one, two]) {
      await ctx.db.transaction((tx) =>
        issuePass(tx, { userId: user.id, challengeId: challenge.id }),
      );
    }
    const shop = (await create(challenge.id)).json<AdminShop>();
    expect(await ctx.db.select().from(coupons).where(eq(coupons.businessId, shop.id))).toHaveLength(
      2,
    );
  });

  it('delete: gone from every list and page, redeemed coupons stay, votes return to their voters', async () => {
    const challenge = await newChallenge({
      active: true,
      startDate: ctx.clock.now(),
      title: 'Delete test',
    });
    const { user } = await signedInMember(ctx.app);
    const kept = (await create(challenge.id, { name: 'Kept' })).json<AdminShop>();
    const doomed = (await create(challenge.id, { name: 'Doomed' })).json<AdminShop>();
    const { pass } = await ctx.db.transaction((tx) =>
      issuePass(tx, { userId: user.id, challengeId: challenge.id }),
    );
    await ctx.db
      .update(coupons)
      .set({ redeemed: true, redeemedAt: ctx.clock.now() })
      .where(eq(coupons.businessId, doomed.id));
    await ctx.db.insert(votes).values([
      { passId: pass.id, businessId: doomed.id },
      { passId: pass.id, businessId: kept.id },
    ]);
    await ctx.db
      .update(businesses)
      .set({ voteCount: 1 })
      .where(eq(businesses.challengeId, challenge.id));

    const response = await admin.delete(`/api/admin/businesses/${doomed.id}`);
    expect(response.statusCode).toBe(204);

    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/api/challenge/active')).json().title).toBe('Delete test');
    expect((await anonymous.get('/api/businesses')).json().map((s: AdminShop) => s.name)).toEqual([
      'Kept',
    ]);
    expect((await anonymous.get(`/api/businesses/${doomed.id}`)).statusCode).toBe(404);
    expect((await anonymous.get('/api/votes')).json()).toEqual({ [kept.id]: 1 });
    expect(
      (await admin.get(`/api/admin/challenges/${challenge.id}/businesses`))
        .json()
        .map((s: AdminShop) => s.id),
    ).toEqual([kept.id]);

    const remainingVotes = await ctx.db.select().from(votes).where(eq(votes.passId, pass.id));
    expect(remainingVotes.map((vote) => vote.businessId)).toEqual([kept.id]);
    const [redeemed] = await ctx.db.select().from(coupons).where(eq(coupons.businessId, doomed.id));
    expect(redeemed).toMatchObject({ redeemed: true });
    const [row] = await ctx.db.select().from(businesses).where(eq(businesses.id, doomed.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    await ctx.db.update(challenges).set({ active: false }).where(eq(challenges.id, challenge.id));
  });
});

describe('shop pages carry Open Graph tags in the served HTML', () => {
  it('escapes the shop data and adds nothing for unknown shops or a draft battle’s', async () => {
    const challenge = await newChallenge();
    const shop = (
      await create(challenge.id, {
        name: 'Joe\'s "Best" <Brew>',
        description: 'Cups & <script>alert(1)</script>',
      })
    ).json<AdminShop>();
    // A draft's shop: not found, and its name is in no tag (docs/decisions/0030).
    const draft = await new TestClient(ctx.app).get(`/business/${shop.id}`);
    expect(draft.statusCode).toBe(404);
    expect(draft.body).not.toContain('og:title');
    expect(draft.body).not.toContain('Brew');
    await ctx.db.update(challenges).set({ active: true }).where(eq(challenges.id, challenge.id));
    const page = await new TestClient(ctx.app).get(`/business/${shop.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<meta property="og:title" content="Joe&#39;s &quot;Best&quot; &lt;Brew&gt; - Local Battles" />',
    );
    expect(page.body).toContain(
      '<meta property="og:description" content="Cups &amp; &lt;script&gt;alert(1)&lt;/script&gt;" />',
    );
    expect(page.body).toContain(
      '<meta property="og:image" content="http://localhost/images/shop-fallback.svg" />',
    );
    expect(page.body).not.toContain('<script>alert(1)');
    const unknown = await new TestClient(ctx.app).get('/business/999999');
    expect(unknown.body).not.toContain('og:title');
    await ctx.db.update(challenges).set({ active: false }).where(eq(challenges.id, challenge.id));
  });
});
