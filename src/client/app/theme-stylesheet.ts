import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { mantineProviderProps } from './theme.ts';

/** The import that brings the theme's stylesheet into the app's styles (main.tsx). */
export const THEME_STYLESHEET_ID = 'virtual:theme.css';

/**
 * The CSS MantineProvider writes into every page for our theme: its CSS variables (the coffee
 * palette, the contrast fixes) and its global classes. Drawn by Mantine itself once at build
 * time, and shipped in the app's stylesheet, which browsers keep, instead of in every page's
 * HTML (6 KB a page, 1.2 KB compressed); the provider is told not to write it (providers.tsx).
 */
export function themeStylesheet(): string {
  const markup = renderToStaticMarkup(createElement(MantineProvider, mantineProviderProps));
  const blocks = [...markup.matchAll(/<style data-mantine-styles="[^"]*">([\s\S]*?)<\/style>/g)];
  if (blocks.length === 0) throw new Error('MantineProvider wrote no styles to ship');
  return blocks.map(([, css]) => css).join('\n');
}
