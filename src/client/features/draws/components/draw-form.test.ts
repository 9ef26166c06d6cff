import { describe, expect, it } from 'vitest';
import { drawInputSchema } from '#shared/draws.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';

describe('the draw form', () => {
  it("shows the contract's messages, an empty number among them", () => {
    expect(
      zodResolver(drawInputSchema)({ prize: ' ', winnerCount: '', entries: 'passes' }),
    ).toEqual({ prize: 'Prize is required', winnerCount: 'Winner count must be a whole number' });
    expect(
      zodResolver(drawInputSchema)({ prize: 'Mug', winnerCount: 0, entries: 'passes' }),
    ).toEqual({ winnerCount: 'Winner count must be at least 1' });
  });
});
