import { describe, expect, it } from 'vitest';
import { challengeInputSchema, challengePatchSchema, themeWords } from './challenges.ts';

describe('a theme’s words', () => {
  it('name the key as the battle cards read it where no label is written', () => {
    expect(themeWords('coffee')).toBe('Coffee');
    expect(themeWords('ice-cream')).toBe('Ice Cream');
    expect(themeWords('bubble_tea')).toBe('Bubble Tea');
    expect(themeWords(' hot  dog ')).toBe('Hot Dog');
  });
});

describe('a theme label in the organizer’s body', () => {
  const battle = {
    title: 'Ice Cream Battle',
    description: 'Scoops',
    startDate: '2031-01-01T00:00:00.000Z',
    endDate: '2031-02-01T00:00:00.000Z',
    price: 20,
  };

  it('is trimmed, and empty or missing means none: the key’s words stand', () => {
    expect(challengeInputSchema.parse({ ...battle, themeLabel: '  Gelato ' }).themeLabel).toBe(
      'Gelato',
    );
    expect(challengeInputSchema.parse({ ...battle, themeLabel: '   ' }).themeLabel).toBeNull();
    expect(challengeInputSchema.parse(battle).themeLabel).toBeUndefined();
    // A patch without it keeps the stored one; null or empty clears it.
    expect(challengePatchSchema.parse({}).themeLabel).toBeUndefined();
    expect(challengePatchSchema.parse({ themeLabel: null }).themeLabel).toBeNull();
  });

  it('is at most as long as a theme, in every language', () => {
    const tooLong = challengePatchSchema.safeParse({
      themeLabel: 'x'.repeat(51),
      translations: { es: { themeLabel: 'y'.repeat(51) } },
    });
    expect(tooLong.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['themeLabel', 'Theme label is too long'],
      ['translations.es.themeLabel', 'Theme label is too long'],
    ]);
    expect(challengePatchSchema.safeParse({ themeLabel: 'x'.repeat(50) }).success).toBe(true);
  });
});
