import { describe, expect, it } from 'vitest';
import { linkParts, messageInputSchema } from './messages.ts';

describe('linkParts', () => {
  it('makes http(s) links parts of their own, leaving trailing punctuation as text', () => {
    expect(linkParts('See https://example.com/menu. Or http://a.example/x?y=1, today')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'https://example.com/menu' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', href: 'http://a.example/x?y=1' },
      { kind: 'text', text: ', today' },
    ]);
  });

  it('never makes a link of another scheme or of markup', () => {
    expect(linkParts('javascript:alert(1) <a href="x">x</a>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <a href="x">x</a>' },
    ]);
    expect(linkParts('https://example.com/"onmouseover=alert(1)')).toEqual([
      { kind: 'link', href: 'https://example.com/' },
      { kind: 'text', text: '"onmouseover=alert(1)' },
    ]);
  });
});

describe('messageInputSchema', () => {
  it('trims, and refuses a subject of two lines', () => {
    expect(messageInputSchema.parse({ subject: ' Hi ', text: ' x ', audience: 'all' })).toEqual({
      subject: 'Hi',
      text: 'x',
      audience: 'all',
    });
    expect(
      messageInputSchema.safeParse({ subject: 'a\nb', text: 'x', audience: 'all' }).success,
    ).toBe(false);
  });
});
