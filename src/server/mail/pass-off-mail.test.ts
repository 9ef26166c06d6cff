import { describe, expect, it } from 'vitest';
import { SiteUrl } from '../site-url.ts';
import { INACTIVE_REASONS } from '#shared/passes.ts';
import { mailContextOf, passSwitchedOffMail } from './templates.ts';

const context = mailContextOf({
  siteName: 'Local Battles',
  siteUrl: new SiteUrl('https://b.example'),
  languages: { languages: ['en', 'es'], defaultLanguage: 'en' },
});
const mail = (reason: string, language: string) =>
  passSwitchedOffMail(context, {
    email: 'member@example.com',
    challengeTitle: 'Tea Battle',
    reason,
    language,
  });

describe('the mail of a pass switched off', () => {
  it('gives the stored reason in the member’s language, and any other text as stored', () => {
    expect(mail(INACTIVE_REASONS.refunded, 'es').text).toContain(
      'Se te reembolsó el pago, así que este pase ya no está activo.',
    );
    expect(mail(INACTIVE_REASONS.disputed, 'es').text).not.toContain(INACTIVE_REASONS.disputed);
    expect(mail(INACTIVE_REASONS.refunded, 'en').text).toContain(INACTIVE_REASONS.refunded);
    expect(mail('Refunded by the organizer.', 'es').text).toContain('Refunded by the organizer.');
  });
});
