import { describe, expect, it } from 'vitest';
import { isPageRoute, paths } from './paths.ts';

describe('isPageRoute: which addresses the web app renders (others get the 404 page)', () => {
  it('knows the landing page and the coffee battle it leads to', () => {
    expect(isPageRoute(paths.battles)).toBe(true);
    expect(isPageRoute(paths.coffeeBattle)).toBe(true);
    expect(isPageRoute('/battles/coffee/')).toBe(true);
    expect(isPageRoute('/battles/tacos')).toBe(false);
  });
});
