import type { SiteConfig } from '#shared/config.ts';

/** GET /api/config's answer for tests that need one without an app: a sandbox site, tools off. */
export const TEST_SITE_CONFIG: SiteConfig = {
  siteName: 'Local Battles',
  paymentMode: 'sandbox',
  testToolsEnabled: false,
  sandboxMailbox: false,
  publicUrl: 'http://localhost',
  map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'Tiles' },
  languages: ['en', 'es'],
  defaultLanguage: 'en',
  privacy: {
    operatorName: 'Local Battles',
    operatorContact: null,
    mailRelay: null,
    mailRetentionDays: 30,
  },
  wallet: { apple: false, google: false },
};
