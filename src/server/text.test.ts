import { describe, expect, it } from 'vitest';
import { escapeHtml, pathnameOf } from './text.ts';

describe('escapeHtml', () => {
  it('leaves no character that could open a tag, an entity or end a quoted attribute', () => {
    const escaped = escapeHtml(`<a href="x" title='y'>Tom & Jerry's</a>`);
    expect(escaped).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|#39);)/);
    expect(escaped).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});

describe('pathnameOf', () => {
  it('drops the query and keeps the path', () => {
    expect(pathnameOf('/business/3?ref=qr&x=?')).toBe('/business/3');
    expect(pathnameOf('/api/stripe/webhook')).toBe('/api/stripe/webhook');
    expect(pathnameOf('?only=query')).toBe('/');
  });
});
