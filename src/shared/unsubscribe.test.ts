import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';
import {
  listUnsubscribeHeaders,
  ONE_CLICK_BODY,
  resubscribeApiPath,
  unsubscribeApiPath,
  unsubscribePagePath,
} from './unsubscribe.ts';

const token = 'a'.repeat(64);

describe('the unsubscribe path, built in one place', () => {
  it('gives the API addresses the emails link and the preferences page posts to', () => {
    expect(unsubscribeApiPath(token)).toBe(`/api/email/unsubscribe?token=${token}`);
    expect(resubscribeApiPath(token)).toBe(`/api/email/resubscribe?token=${token}`);
    expect(unsubscribeApiPath('a b&c')).toBe('/api/email/unsubscribe?token=a%20b%26c');
  });

  it('gives the preferences page with what was done, the one paths.emailUnsubscribe links', () => {
    expect(unsubscribePagePath(token)).toBe(`/email/unsubscribe?token=${token}`);
    expect(unsubscribePagePath(token, 'resubscribed')).toBe(
      `/email/unsubscribe?token=${token}&done=resubscribed`,
    );
    expect(unsubscribePagePath(null, 'unknown')).toBe('/email/unsubscribe?done=unknown');
    expect(unsubscribePagePath(null)).toBe('/email/unsubscribe');
    expect(paths.emailUnsubscribe).toBe(unsubscribePagePath);
  });

  it("gives RFC 8058's headers, the POST naming the form body the API asks for", () => {
    const link = `https://battles.example${unsubscribeApiPath(token)}`;
    expect(listUnsubscribeHeaders(link)).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(ONE_CLICK_BODY).toBe('List-Unsubscribe=One-Click');
  });
});
