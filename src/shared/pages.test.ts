import { describe, expect, it } from 'vitest';
import { isPageParam, pageAddress, pageAt, pages, pageTitle } from './pages.ts';
import { paths } from './paths.ts';

describe('the page registry: which addresses are pages (others get the 404 page)', () => {
  it('knows the landing page and the coffee battle it leads to, with or without a trailing slash', () => {
    expect(pageAt(paths.battles)?.name).toBe('battles');
    expect(pageAt(paths.coffeeBattle)?.name).toBe('coffeeBattle');
    expect(pageAt('/battles/coffee/')?.name).toBe('coffeeBattle');
    expect(pageAt('/battles/tacos')).toBeUndefined();
  });

  it('finds every page at the address its link builder makes', () => {
    const samples = { id: 12, token: 'a'.repeat(32), sessionId: 'sbx_abcdefghijkl' };
    for (const [name, page] of Object.entries(pages)) {
      expect(pageAt(pageAddress(page.path, samples))?.name, name).toBe(name);
    }
    expect(pageAt(paths.business(7))?.page).toBe(pages.business);
    expect(pageAt(paths.shopCard('b'.repeat(20)))?.name).toBe('shopCard');
    expect(pageAt(paths.business(7))?.params).toEqual({ id: '7' });
  });

  it('accepts only the parameters the server serves', () => {
    expect(pageAt('/business/0')).toBeUndefined();
    expect(pageAt('/business/012')).toBeUndefined();
    expect(pageAt('/business/12345678901')).toBeUndefined();
    expect(pageAt('/shop/short')).toBeUndefined();
    expect(pageAt('/checkout/sandbox/cs_live_abcdefghijkl')).toBeUndefined();
    expect(isPageParam('id', '42')).toBe(true);
    expect(isPageParam('id', '42x')).toBe(false);
  });

  it('names pages the spec way, on the site name it is given', () => {
    expect(pageTitle(pages.checkout.title, 'Local Battles')).toBe(
      'Buy Your Battle Pass - Local Battles',
    );
    expect(pageTitle(undefined, 'Taco Town')).toBe('Taco Town - Local Coffee Shop Challenge');
  });
});
