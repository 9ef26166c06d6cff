import { describe, expect, it } from 'vitest';
import { inSpanish } from '#tests/helpers/spanish-intl.ts';
import { INACTIVE_REASONS, inactiveReasonText } from './passes.ts';

describe('inactiveReasonText', () => {
  it('says a stored reason the code writes in the page’s language, and English as stored', () => {
    expect(inactiveReasonText(INACTIVE_REASONS.refunded, inSpanish)).toBe(
      'Se te reembolsó el pago, así que este pase ya no está activo.',
    );
    expect(inactiveReasonText(INACTIVE_REASONS.disputed, inSpanish)).toBe(
      'Tu pago está en disputa con el emisor de tu tarjeta, así que este pase ya no está activo.',
    );
    expect(inactiveReasonText(INACTIVE_REASONS.refunded)).toBe(INACTIVE_REASONS.refunded);
    expect(inactiveReasonText(INACTIVE_REASONS.disputed)).toBe(INACTIVE_REASONS.disputed);
  });

  it('shows any other stored text as it was stored', () => {
    expect(inactiveReasonText('refunded by hand', inSpanish)).toBe('refunded by hand');
    expect(inactiveReasonText('refunded by hand')).toBe('refunded by hand');
  });
});
