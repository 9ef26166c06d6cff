import { describe, expect, it } from 'vitest';
import {
  backupIntervalMs,
  ConfigError,
  organizerContact,
  readEnv,
  testToolsEnabled,
  tileImageSource,
} from './env.ts';

describe('readEnv', () => {
  it('applies the documented defaults', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SITE_NAME: 'Local Battles',
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ENABLE_TEST_TOOLS).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['SESSION_SECRET', 'short'],
    ['STRIPE_SECRET_KEY', 'pk_test_123'],
    ['ENABLE_TEST_TOOLS', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['MAIL_FROM', 'not an address'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,proxy.example.com'],
    ['ADMIN_EMAIL', 'organizer'],
    ['MAP_TILE_URL', 'tile.openstreetmap.org/{z}/{x}/{y}.png'],
    ['MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}.png'],
    ['MAP_TILE_URL', 'ftp://tiles.example.com/{z}/{x}/{y}.png'],
    ['MAP_TILE_URL', 'https://tiles-{s}.example.com/{z}/{x}/{y}.png'],
    ['MAP_TILE_URL', 'https://tiles.example.com/{z}/{x}/{y}.png?key={apikey}'],
    ['MAP_ATTRIBUTION', 'x'.repeat(301)],
    ['LANGUAGES', 'en,Spanish'],
    ['DEFAULT_LANGUAGE', 'fr'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => readEnv({ [name]: value })).toThrowError(ConfigError);
    expect(() => readEnv({ [name]: value })).toThrowError(new RegExp(`\\b${name}\\b`));
  });

  it('speaks English and Spanish, English without a prefix, unless LANGUAGES says otherwise', () => {
    expect(readEnv({})).toMatchObject({ LANGUAGES: ['en', 'es'], DEFAULT_LANGUAGE: 'en' });
    expect(readEnv({ LANGUAGES: ' en, es,fr ,es', DEFAULT_LANGUAGE: 'es' })).toMatchObject({
      LANGUAGES: ['en', 'es', 'fr'],
      DEFAULT_LANGUAGE: 'es',
    });
  });

  it('reads the map settings, defaulting to the standard OpenStreetMap tiles', () => {
    expect(readEnv({ MAP_TILE_URL: '', MAP_ATTRIBUTION: '' })).toMatchObject({
      MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© OpenStreetMap contributors',
    });
    expect(
      readEnv({
        MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}{r}.png',
        MAP_ATTRIBUTION: 'Tiles © Example',
      }),
    ).toMatchObject({
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}{r}.png',
      MAP_ATTRIBUTION: 'Tiles © Example',
    });
  });

  it('admits exactly the tile host in the Content-Security-Policy', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileImageSource('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe(
      'http://localhost:8080',
    );
    expect(tileImageSource('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.com',
    );
    expect(tileImageSource('javascript:{z}{x}{y}')).toBeNull();
  });

  it('reads the settings for several instances', () => {
    expect(readEnv({}).TRUST_PROXY).toBe('127.0.0.1,::1');
    const env = readEnv({
      REDIS_URL: 'redis://127.0.0.1:6379',
      METRICS_TOKEN: 'scrape-token-0123456789',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1',
    });
    expect(env).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379',
      METRICS_TOKEN: 'scrape-token-0123456789',
      TRUST_PROXY: '10.0.0.0/8,192.168.1.10,::1',
    });
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('requires a webhook secret with a Stripe key, and a session secret in production', () => {
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrowError(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrowError(/SESSION_SECRET/);
  });

  describe('with NODE_ENV=production', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://battles.example.com',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    const {
      STRIPE_SECRET_KEY: _key,
      STRIPE_WEBHOOK_SECRET: _secret,
      ...withoutStripe
    } = production;

    it('refuses to start without PUBLIC_URL, naming it', () => {
      expect(() => readEnv({ ...production, PUBLIC_URL: '' })).toThrowError(
        /PUBLIC_URL: required when NODE_ENV=production/,
      );
    });

    it('refuses to start without STRIPE_SECRET_KEY unless ENABLE_TEST_TOOLS=true, naming both', () => {
      expect(() => readEnv(withoutStripe)).toThrowError(
        /STRIPE_SECRET_KEY: required when NODE_ENV=production, unless ENABLE_TEST_TOOLS=true/,
      );
      expect(() => readEnv({ ...withoutStripe, ENABLE_TEST_TOOLS: 'false' })).toThrowError(
        /STRIPE_SECRET_KEY/,
      );
      const rehearsal = readEnv({ ...withoutStripe, ENABLE_TEST_TOOLS: 'true' });
      expect(testToolsEnabled(rehearsal)).toBe(true);
    });

    it('allows an http:// PUBLIC_URL for a local rehearsal', () => {
      expect(readEnv({ ...production, PUBLIC_URL: 'http://localhost:3000' }).PUBLIC_URL).toBe(
        'http://localhost:3000',
      );
    });

    it('turns test tools on only when ENABLE_TEST_TOOLS=true is set explicitly', () => {
      expect(testToolsEnabled(readEnv(production))).toBe(false);
      expect(testToolsEnabled(readEnv({ ...production, ENABLE_TEST_TOOLS: 'true' }))).toBe(true);
    });
  });

  it('turns test tools on by default in development without Stripe only', () => {
    expect(testToolsEnabled(readEnv({}))).toBe(true);
    expect(testToolsEnabled(readEnv({ ENABLE_TEST_TOOLS: 'false' }))).toBe(false);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(testToolsEnabled(readEnv(stripe))).toBe(false);
    expect(testToolsEnabled(readEnv({ ...stripe, ENABLE_TEST_TOOLS: 'true' }))).toBe(true);
  });

  it("reads the seeded organizer's address", () => {
    expect(readEnv({ ADMIN_EMAIL: 'organizer@example.com' }).ADMIN_EMAIL).toBe(
      'organizer@example.com',
    );
    expect(readEnv({ ADMIN_EMAIL: '' }).ADMIN_EMAIL).toBeUndefined();
  });

  it("names the organizers' contact: CONTACT_EMAIL, else the sender's address, else none", () => {
    expect(organizerContact(readEnv({}))).toBeUndefined();
    expect(organizerContact(readEnv({ MAIL_FROM: 'Local Battles <battles@example.com>' }))).toBe(
      'battles@example.com',
    );
    expect(organizerContact(readEnv({ MAIL_FROM: 'battles@example.com' }))).toBe(
      'battles@example.com',
    );
    expect(
      organizerContact(
        readEnv({ MAIL_FROM: 'battles@example.com', CONTACT_EMAIL: 'help@example.com' }),
      ),
    ).toBe('help@example.com');
    expect(() => readEnv({ CONTACT_EMAIL: 'help' })).toThrowError(/CONTACT_EMAIL/);
  });

  it('accepts SMTP settings and requires a sender with them', () => {
    expect(() => readEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrowError(/MAIL_FROM/);
    const env = readEnv({
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'Local Battles <battles@example.com>',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'Local Battles <battles@example.com>',
    });
    expect(readEnv({ MAIL_FROM: 'battles@example.com' }).MAIL_FROM).toBe('battles@example.com');
  });

  it('caps open vote streams per address and per instance, 50 and 5000 unless set', () => {
    expect(readEnv({})).toMatchObject({ STREAMS_PER_ADDRESS: 50, STREAMS_PER_INSTANCE: 5000 });
    expect(readEnv({}).MAIL_RATE_PER_SECOND).toBe(10);
    expect(readEnv({ MAIL_RATE_PER_SECOND: '25' }).MAIL_RATE_PER_SECOND).toBe(25);
    for (const bad of ['0', '-1', '2.5', 'fast'])
      expect(() => readEnv({ MAIL_RATE_PER_SECOND: bad })).toThrowError(/MAIL_RATE_PER_SECOND/);
    // docs/decisions/0029: mails a day to an address nobody has confirmed.
    expect(readEnv({}).MAIL_UNCONFIRMED_PER_DAY).toBe(3);
    expect(readEnv({ MAIL_UNCONFIRMED_PER_DAY: '5' }).MAIL_UNCONFIRMED_PER_DAY).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => readEnv({ MAIL_UNCONFIRMED_PER_DAY: bad })).toThrowError(
        /MAIL_UNCONFIRMED_PER_DAY/,
      );
    expect(readEnv({ STREAMS_PER_ADDRESS: '200', STREAMS_PER_INSTANCE: '20000' })).toMatchObject({
      STREAMS_PER_ADDRESS: 200,
      STREAMS_PER_INSTANCE: 20000,
    });
    for (const [name, value] of [
      ['STREAMS_PER_ADDRESS', '0'],
      ['STREAMS_PER_ADDRESS', 'many'],
      ['STREAMS_PER_INSTANCE', '2.5'],
    ] as const)
      expect(() => readEnv({ [name]: value })).toThrowError(new RegExp(`\\b${name}\\b`));
  });
  it('limits the PostgreSQL pool: 30 s statements, 30 s idle transactions, 10 s for a connection', () => {
    expect(readEnv({})).toMatchObject({
      DB_STATEMENT_TIMEOUT_MS: 30_000,
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
      DB_ACQUIRE_TIMEOUT_MS: 10_000,
    });
    expect(readEnv({ DB_STATEMENT_TIMEOUT_MS: '0' }).DB_STATEMENT_TIMEOUT_MS).toBe(0);
    for (const [name, value] of [
      ['DB_STATEMENT_TIMEOUT_MS', '-1'],
      ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 'soon'],
      ['DB_ACQUIRE_TIMEOUT_MS', '2.5'],
    ] as const)
      expect(() => readEnv({ [name]: value })).toThrowError(new RegExp(`\\b${name}\\b`));
  });
  it('backs up daily with the embedded database and not with PostgreSQL unless BACKUP_EVERY says', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(readEnv({})).toMatchObject({ BACKUP_DIR: './backups', BACKUP_KEEP: 14 });
    expect(backupIntervalMs(readEnv({}))).toBe(day);
    const postgres = { DATABASE_URL: 'postgres://localhost/battles' };
    expect(backupIntervalMs(readEnv(postgres))).toBeNull();
    expect(backupIntervalMs(readEnv({ ...postgres, BACKUP_EVERY: '6h' }))).toBe(day / 4);
    expect(backupIntervalMs(readEnv({ BACKUP_EVERY: 'off' }))).toBeNull();
    expect(backupIntervalMs(readEnv({ BACKUP_EVERY: '30m' }))).toBe(30 * 60_000);
    for (const [name, value] of [
      ['BACKUP_EVERY', 'daily'],
      ['BACKUP_EVERY', '5m'],
      ['BACKUP_EVERY', '0d'],
      ['BACKUP_KEEP', '0'],
      ['BACKUP_DIR', ''],
    ] as const)
      expect(() => readEnv({ [name]: value })).toThrowError(new RegExp(`\\b${name}\\b`));
  });
});
