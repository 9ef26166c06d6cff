import { describe, expect, it } from 'vitest';
import { OFFLINE_READABLE_API, PAGES_NEVER_KEPT, SERVICE_WORKER_API } from './offline.ts';

const READ_OFFLINE = [
  '/api/user',
  '/api/user/pass',
  '/api/user/progress',
  '/api/config',
  '/api/challenge/active',
  '/api/businesses',
  '/api/businesses/12',
  '/api/businesses/coupon/7',
  '/api/votes',
  '/api/votes?challengeId=3',
];

const NEVER_KEPT = [
  '/api/admin/dashboard',
  '/api/user/coupons',
  '/api/sessions',
  '/api/businesses/12/edit',
  '/api/sandbox/mailbox?to=a@example.com',
];

describe('the answers kept for reading offline (docs/decisions/0027)', () => {
  it('the page and the service worker keep the pass and the public answers', () => {
    for (const url of READ_OFFLINE) {
      expect(OFFLINE_READABLE_API.test(url), url).toBe(true);
      expect(SERVICE_WORKER_API.test(url), url).toBe(true);
    }
  });

  it('only the page keeps the sign-in check, so no cached signed-out answer stands in offline', () => {
    expect(OFFLINE_READABLE_API.test('/api/session')).toBe(true);
    expect(SERVICE_WORKER_API.test('/api/session')).toBe(false);
    expect(SERVICE_WORKER_API.test('http://localhost:3000/api/session')).toBe(false);
  });

  it('neither keeps an organizer’s answers or anything else', () => {
    for (const url of NEVER_KEPT) {
      expect(OFFLINE_READABLE_API.test(url), url).toBe(false);
      expect(SERVICE_WORKER_API.test(url), url).toBe(false);
    }
  });
});

describe('pages the service worker never keeps', () => {
  it('matches /auth, /checkout and the unsubscribe page with any query, and no other page nor answer', () => {
    for (const url of [
      '/auth',
      '/auth?tab=register',
      '/checkout',
      '/checkout?payment=success',
      '/email/unsubscribe?token=abc',
    ]) {
      expect(PAGES_NEVER_KEPT.test(`https://battles.example${url}`), url).toBe(true);
    }
    for (const url of ['/', '/profile', '/auth/reset', '/checkout/sandbox/cs_1', '/api/checkout']) {
      expect(PAGES_NEVER_KEPT.test(`https://battles.example${url}`), url).toBe(false);
    }
  });
});
