import { describe, expect, it } from 'vitest';
import { inSpanish } from '#tests/helpers/spanish-intl.ts';
import { nextMilestoneText, pickupCodeSchema, stockGoneText } from './milestones.ts';

describe('the words of milestones (docs/decisions/0046)', () => {
  it('says the stock is gone in the reward’s own words, in the plural', () => {
    expect(stockGoneText('pint glass')).toBe('All pint glasses are gone');
    expect(stockGoneText('A tote bag')).toBe('All tote bags are gone');
    expect(stockGoneText('Sticker')).toBe('All stickers are gone');
    expect(stockGoneText('an ale trail hoodie')).toBe('All ale trail hoodies are gone');
    expect(stockGoneText('city map')).toBe('All city maps are gone');
    expect(stockGoneText('pastry')).toBe('All pastries are gone');
  });

  it('names the next tier not reached above the shops visited, or nothing', () => {
    const tiers = [
      { shops: 8, reward: 'tote bag', reached: false },
      { shops: 4, reward: 'a pint glass', reached: true },
      { shops: 12, reward: 'hat', reached: false },
    ];
    expect(nextMilestoneText(5, 12, tiers)).toBe(
      "You've visited 5 of 12 shops: 3 more for the tote bag",
    );
    expect(nextMilestoneText(3, 12, tiers)).toBe(
      "You've visited 3 of 12 shops: 5 more for the tote bag",
    );
    expect(nextMilestoneText(12, 12, tiers)).toBeNull();
    expect(nextMilestoneText(0, 12, [])).toBeNull();
  });

  it('takes a pick-up code in any case, and refuses look-alike characters', () => {
    expect(pickupCodeSchema.parse(' k7qw2m ')).toBe('K7QW2M');
    for (const bad of ['K7QW2', 'K7QW2MM', 'K0QW2M', 'KIQW2M', 'K1QW2M', 'KLQW2M'])
      expect(pickupCodeSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('the words of milestones in Spanish (docs/decisions/0048-languages.md)', () => {
  it('says the stock is gone with the reward as the organizer wrote it', () => {
    expect(stockGoneText('un vaso de pinta', inSpanish)).toBe('Ya no quedan: un vaso de pinta');
    expect(stockGoneText('Bolsa de tela', inSpanish)).toBe('Ya no quedan: bolsa de tela');
  });

  it('names the next tier with Spanish plurals', () => {
    const tiers = [
      { shops: 8, reward: 'una bolsa de tela', reached: false },
      { shops: 6, reward: 'una gorra', reached: false },
    ];
    expect(nextMilestoneText(5, 12, tiers, inSpanish)).toBe(
      'Visitaste 5 de 12 locales: te falta 1 más para una gorra',
    );
    expect(nextMilestoneText(3, 12, tiers, inSpanish)).toBe(
      'Visitaste 3 de 12 locales: te faltan 3 más para una gorra',
    );
    expect(
      nextMilestoneText(0, 1, [{ shops: 1, reward: 'una taza', reached: false }], inSpanish),
    ).toBe('Visitaste 0 de 1 local: te falta 1 más para una taza');
  });
});
