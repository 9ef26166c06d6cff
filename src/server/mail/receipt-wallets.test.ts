import { describe, expect, it } from 'vitest';
import { SiteUrl } from '../site-url.ts';
import { mailContextOf, receiptMail } from './templates.ts';

const receipt = {
  email: 'member@example.com',
  paymentId: 7,
  challengeTitle: 'Tea Battle',
  endDate: new Date('2026-12-20T18:00:00Z'),
  amountCents: 2500,
  discountCents: 0,
  currency: 'usd',
  purchasedAt: new Date('2026-11-20T18:00:00Z'),
  timeZone: 'UTC',
  shops: ['Leaf'],
  order: { ownPass: true, passesToGive: 0 },
};
const context = (wallet?: { apple: unknown; google: unknown }) =>
  mailContextOf({ siteName: 'Local Battles', siteUrl: new SiteUrl('https://b.example'), wallet });

describe('the receipt and the phone wallets (docs/decisions/0043)', () => {
  it('names the wallets the site offers, and none when it offers none', () => {
    expect(receiptMail(context({ apple: {}, google: {} }), receipt).text).toContain(
      'Keep your pass on your phone: add it to Apple Wallet or Google Wallet from your pass page.',
    );
    expect(receiptMail(context({ apple: null, google: {} }), receipt).text).toContain(
      'add it to Google Wallet from your pass page.',
    );
    expect(receiptMail(context(), receipt).text).not.toContain('Wallet');
  });
});
