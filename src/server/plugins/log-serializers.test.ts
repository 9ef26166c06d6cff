import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers.ts';

describe('redactUrl', () => {
  it('redacts the token of emailed links on any path', () => {
    expect(redactUrl('/auth/reset?token=abc123')).toBe('/auth/reset?token=[redacted]');
    expect(redactUrl('/auth/verify-email?token=abc123&next=%2F')).toBe(
      '/auth/verify-email?token=[redacted]&next=%2F',
    );
    expect(redactUrl('/api/anything?a=1&token=abc123')).toBe('/api/anything?a=1&token=[redacted]');
  });

  it('redacts every token parameter, however its name is written', () => {
    expect(redactUrl('/x?token=one&token=two&TOKEN=three&%74oken=four&token')).toBe(
      '/x?token=[redacted]&token=[redacted]&TOKEN=[redacted]&%74oken=[redacted]&token=[redacted]',
    );
  });

  it('keeps other parameters and paths as they are, and still redacts a shop link', () => {
    expect(redactUrl('/api/businesses?tokens=1&mytoken=2&q=token')).toBe(
      '/api/businesses?tokens=1&mytoken=2&q=token',
    );
    expect(redactUrl('/shop/secret-shop-token?token=abc')).toBe(
      '/shop/[redacted]?token=[redacted]',
    );
    expect(redactUrl('/auth/reset')).toBe('/auth/reset');
  });
});
