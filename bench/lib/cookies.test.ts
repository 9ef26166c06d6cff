import { describe, expect, it } from 'vitest';
import { cookiesSetBy } from './cookies.ts';

describe('cookiesSetBy', () => {
  it('keeps every cookie an answer set, as a browser would, and none it cleared', () => {
    const headers = new Headers();
    headers.append('set-cookie', 'lb.sid=abc.def; Path=/; HttpOnly; SameSite=Lax');
    headers.append('set-cookie', 'lb.signed_in=1; Path=/; SameSite=Lax');
    headers.append('set-cookie', 'old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(cookiesSetBy(new Response(null, { headers }))).toBe('lb.sid=abc.def; lb.signed_in=1');
  });
});
