import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineProviderProps,
} from '@mantine/core';

/**
 * A coffee-brown palette. The filled shade (7, #8c5a2f) has a 5.80:1 contrast ratio with white
 * text, its hover shade (8) 8.23:1, and light-variant text (9 on 1) 8.87:1: all pass WCAG AA
 * (4.5:1). Mantine's default blue-6 would fail at 3.56:1. theme.test.ts checks these numbers.
 */
export const coffee: MantineColorsTuple = [
  '#faf4ee',
  '#f0e4d7',
  '#e2c9b0',
  '#d3ad87',
  '#c59465',
  '#bb8350',
  '#a86f3c',
  '#8c5a2f',
  '#6f4524',
  '#55341a',
];

export const PRIMARY_SHADE = { light: 7, dark: 8 } as const;

export const theme = createTheme({
  primaryColor: 'coffee',
  primaryShade: PRIMARY_SHADE,
  colors: { coffee },
  // Filled components on light shades (yellow, green badges) get dark text instead of white.
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '700' },
  components: {
    // Plain entries, not Notification.extend() or Modal.extend(), which would put those
    // components' code on every page.
    // Toasts: the close button needs a name, and the message's default grey fails contrast.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // Every dialog's close button is announced as 'Close', not just 'button', and its title (an
    // h2) looks like the heading it is.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } },
    },
    // A dialog's header is a <div>: Mantine's <header> inside a role=dialog div counts as a second
    // banner landmark beside the page's (axe: landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    // A tab's icon sits beside its label: Mantine stretches the label over a growing tab, which
    // leaves the icon alone at the tab's edge.
    Tabs: { styles: { tab: { justifyContent: 'center' }, tabLabel: { flex: '0 1 auto' } } },
  },
});

/**
 * Light-variant text (an alert's title, a light badge) in these colours: Mantine's shade 9 reads
 * 2.8:1 (yellow), 3.9:1 (orange) and 4.0:1 (green) on its own light background; these darker
 * tones of it pass WCAG AA (theme.test.ts).
 */
export const LIGHT_VARIANT_TEXT = { yellow: '#a15300', orange: '#ae3a0c', green: '#226e32' };

/**
 * Mantine's light-scheme dimmed text (gray-6, 3.32:1 on white), error text (red-6, 3.28:1) and
 * success colour (teal-8, 3.95:1) fail WCAG AA; these shades pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    ...Object.fromEntries(
      Object.entries(LIGHT_VARIANT_TEXT).map(([color, text]) => [
        `--mantine-color-${color}-light-color`,
        text,
      ]),
    ),
  },
  dark: {},
});

/** The provider's theme settings, shared by the app (providers.tsx) and its stylesheet's build. */
export const mantineProviderProps = {
  theme,
  cssVariablesResolver,
  defaultColorScheme: 'light',
} satisfies MantineProviderProps;
