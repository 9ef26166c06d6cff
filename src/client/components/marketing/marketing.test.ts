import { describe, expect, it } from 'vitest';
import { timeLeft } from '#client/lib/time-left.ts';
import { lengthAnswer, votingAnswer } from './FaqSection.tsx';
import { passBenefits } from './PassPromoCard.tsx';
import { shareLinks } from './ShareSection.tsx';

describe('countdown', () => {
  const end = new Date('2026-07-31T23:59:59Z');
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(timeLeft(end, new Date('2026-07-30T22:58:57Z'))).toEqual({
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 2,
    });
  });
  it('shows zeros at and after the end instant (docs/RULES.md rule 11)', () => {
    const zeros = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(timeLeft(end, end)).toEqual(zeros);
    expect(timeLeft(end, new Date('2027-01-01T00:00:00Z'))).toEqual(zeros);
  });
});

describe('FAQ voting answer follows votesPerShop (docs/RULES.md rule 2)', () => {
  it('promises what the server enforces', () => {
    expect(votingAnswer(1)).toContain('You can vote once per shop');
    expect(votingAnswer(3)).toContain('up to 3 times per shop');
    expect(votingAnswer(null)).toContain('as many times as you like');
  });
});

describe('share links', () => {
  it('encode the page address and text', () => {
    const links = shareLinks('https://battles.example/?a=1&b=2', 'Join & vote');
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fbattles.example%2F%3Fa%3D1%26b%3D2',
    );
    expect(links.x).toBe(
      'https://twitter.com/intent/tweet?text=Join%20%26%20vote&url=https%3A%2F%2Fbattles.example%2F%3Fa%3D1%26b%3D2',
    );
    expect(links.email.startsWith('mailto:?subject=Join%20%26%20vote&body=')).toBe(true);
  });
});

describe('figures come from the battle (docs/RULES.md rule 21)', () => {
  const battle = { startDate: '2026-11-01T06:00:00Z', endDate: '2026-12-01T06:00:00Z' };
  it("states the pass's worth from its live shops, and no worth before they are known", () => {
    expect(passBenefits(battle, 8)).toContain('$40 in free coffee for one pass');
    expect(passBenefits(battle, 9)).toContain('$45 in free coffee for one pass');
    expect(passBenefits(battle, undefined).join(' ')).not.toMatch(/free coffee/);
    expect(passBenefits(battle, 0).join(' ')).not.toMatch(/free coffee/);
  });
  it("states the battle's length from its dates", () => {
    expect(passBenefits(battle, 8)).toContain('About 30 days to visit every shop');
    expect(lengthAnswer(30)).toContain('about 30 days');
    expect(lengthAnswer(null)).not.toMatch(/[0-9]/);
  });
});
