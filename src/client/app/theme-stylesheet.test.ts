import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers.tsx';
import { themeStylesheet } from './theme-stylesheet.ts';

describe("the theme's stylesheet", () => {
  it("holds the theme's variables and Mantine's global classes, which pages no longer carry", () => {
    const css = themeStylesheet();
    expect(css).toContain('--mantine-color-coffee-7: #8c5a2f');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-coffee-filled)');
    // The contrast fixes (theme.ts cssVariablesResolver), for the light scheme pages use.
    expect(css).toMatch(
      /\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-dimmed: var\(--mantine-color-gray-7\)/,
    );
    expect(css).toContain('.mantine-visible-from-sm');

    const page = renderToStaticMarkup(
      createElement(AppProviders, null, createElement('p', null, 'A page')),
    );
    expect(page).toBe('<p>A page</p>');
  });
});
