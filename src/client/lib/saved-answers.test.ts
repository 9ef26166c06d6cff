// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetSavedAnswers,
  keepAnswer,
  keepServedAnswers,
  savedAnswer,
  takeServedSaved,
} from './saved-answers.ts';

const session = (id: number | null) => ({ user: id === null ? null : { id, username: `u${id}` } });
const DATE = 'Mon, 23 Nov 2026 10:00:00 GMT';

describe('the answers the page keeps for offline reading', () => {
  afterEach(() => {
    forgetSavedAnswers();
    takeServedSaved();
  });

  it('keeps the member’s answers once the session names them, and serves them with their date', () => {
    keepAnswer('/api/user/pass', { id: 9 }, DATE);
    expect(savedAnswer('/api/user/pass')).toBeUndefined();
    keepAnswer('/api/session', session(1), DATE);
    keepAnswer('/api/user/pass', { id: 9 }, DATE);
    expect(savedAnswer('/api/user/pass')).toEqual({ body: { id: 9 }, at: Date.parse(DATE) });
    expect(savedAnswer('/api/session')?.body).toEqual(session(1));
    expect(takeServedSaved()).toBe(true);
    expect(takeServedSaved()).toBe(false);
  });

  it('drops one account’s answers when another signs in, keeping the public ones', () => {
    keepAnswer('/api/session', session(1), DATE);
    keepAnswer('/api/user/progress', { coupons: [] }, DATE);
    keepAnswer('/api/businesses', [{ id: 3 }], DATE);
    keepAnswer('/api/session', session(2), DATE);
    expect(savedAnswer('/api/user/progress')).toBeUndefined();
    expect(savedAnswer('/api/businesses')?.body).toEqual([{ id: 3 }]);
    keepAnswer('/api/session', session(null), DATE);
    expect(savedAnswer('/api/session')).toBeUndefined();
  });

  it('keeps the answers a page arrived with, whichever order they came in', () => {
    keepServedAnswers([
      { url: '/api/user/progress', body: { coupons: [] }, date: DATE },
      { url: '/api/session', body: session(4), date: DATE },
      { url: '/api/config', body: { siteName: 'Local Battles' }, date: DATE },
    ]);
    expect(savedAnswer('/api/user/progress')).toEqual({
      body: { coupons: [] },
      at: Date.parse(DATE),
    });
    expect(savedAnswer('/api/session')?.body).toEqual(session(4));
    expect(savedAnswer('/api/config')?.body).toEqual({ siteName: 'Local Battles' });
  });

  it('reads and writes the kept copy once for all the answers a page arrived with', () => {
    // They are kept while the app's code starts on a phone (docs/decisions/0054).
    const reads = vi.spyOn(localStorage, 'getItem');
    const writes = vi.spyOn(localStorage, 'setItem');
    keepServedAnswers([
      { url: '/api/session', body: session(4), date: DATE },
      { url: '/api/user/pass', body: { id: 9 }, date: DATE },
      { url: '/api/user/progress', body: { coupons: [] }, date: DATE },
    ]);
    expect([reads.mock.calls.length, writes.mock.calls.length]).toEqual([1, 1]);
    reads.mockRestore();
    writes.mockRestore();
    expect(savedAnswer('/api/user/pass')?.body).toEqual({ id: 9 });
  });

  it('keeps nothing an organizer reads, and forgets everything on request', () => {
    keepAnswer('/api/session', session(1), DATE);
    keepAnswer('/api/admin/dashboard', { totals: {} }, DATE);
    expect(savedAnswer('/api/admin/dashboard')).toBeUndefined();
    forgetSavedAnswers();
    expect(savedAnswer('/api/session')).toBeUndefined();
  });
});
