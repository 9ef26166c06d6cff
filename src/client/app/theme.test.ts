import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { coffee, LIGHT_VARIANT_TEXT, PRIMARY_SHADE } from './theme.ts';

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const shade = (index: number) => coffee[index] ?? '';

/** Mantine's light-variant background: the colour's shade 6 at 10% over white. */
function lightBackground(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) =>
    Math.round(channel * 0.1 + 255 * 0.9),
  );
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

describe('theme colours meet WCAG AA (4.5:1)', () => {
  it('filled primary buttons and their hover state with white text', () => {
    expect(contrast(shade(PRIMARY_SHADE.light), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade(PRIMARY_SHADE.light + 1), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('links and outline text on white', () => {
    expect(contrast(shade(PRIMARY_SHADE.light), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('light-variant text on the light background', () => {
    expect(contrast(shade(9), shade(1))).toBeGreaterThanOrEqual(4.5);
  });

  it('replacement dimmed and error text on white', () => {
    expect(contrast(DEFAULT_THEME.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.red[8], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.teal[9], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("light-variant text in yellow, orange and green on its light background, where Mantine's fails", () => {
    for (const [color, text] of Object.entries(LIGHT_VARIANT_TEXT)) {
      const palette = DEFAULT_THEME.colors[color as keyof typeof LIGHT_VARIANT_TEXT];
      const background = lightBackground(palette[6]);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette[9], background)).toBeLessThan(4.5);
    }
  });

  it('Mantine default blue fails, which is why the palette exists', () => {
    expect(contrast(DEFAULT_THEME.colors.blue[6], '#ffffff')).toBeLessThan(4.5);
  });
});
