import { describe, expect, it } from 'vitest';
import { SiteUrl } from './site-url.ts';

describe('SiteUrl.fromSettings', () => {
  it('is PUBLIC_URL when it is set (its origin), whatever the server listens on', () => {
    const site = SiteUrl.fromSettings({
      publicUrl: 'https://battles.example.com/ignored/path',
      host: '0.0.0.0',
      port: 3000,
    });
    expect(site.origin).toBe('https://battles.example.com');
    expect(site.secure).toBe(true);
    expect(site.href('/auth/reset?token=abc')).toBe(
      'https://battles.example.com/auth/reset?token=abc',
    );
  });

  it('is the listening address in development, localhost for an any-address bind', () => {
    expect(SiteUrl.fromSettings({ host: '0.0.0.0', port: 3000 }).origin).toBe(
      'http://localhost:3000',
    );
    expect(SiteUrl.fromSettings({ host: '::', port: 3000 }).origin).toBe('http://localhost:3000');
    expect(SiteUrl.fromSettings({ host: '127.0.0.1', port: 8080 }).origin).toBe(
      'http://127.0.0.1:8080',
    );
    expect(SiteUrl.fromSettings({ host: '::1', port: 8080 }).origin).toBe('http://[::1]:8080');
    expect(SiteUrl.fromSettings({ host: 'localhost', port: 80 }).secure).toBe(false);
  });
});
