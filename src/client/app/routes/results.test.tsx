// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Results } from '#shared/results.ts';
import { PublishedResults } from './results.tsx';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';

const view = reactRootPerTest();

const results: Results = {
  challengeId: 3,
  // Still July 31 in Denver, already August 1 in UTC.
  endedAt: '2026-08-01T05:59:59.000Z',
  timeZone: 'America/Denver',
  method: 'Ranked by votes.',
  ranking: [],
  votesCsvSha256: 'a'.repeat(64),
  version: 1,
  versions: [
    {
      version: 1,
      publishedAt: '2026-08-01T06:00:00.000Z',
      reason: null,
      ranking: [],
      votesCsvSha256: 'a'.repeat(64),
      votesCsvBytes: 35,
    },
  ],
  draws: [],
};

describe('PublishedResults', () => {
  it("states when the battle ended on the clock of the challenge's time zone", () => {
    act(() =>
      view.root.render(
        <MantineProvider>
          <PublishedResults results={results} />
        </MantineProvider>,
      ),
    );
    expect(view.container.textContent).toContain('Ended July 31, 2026 at 11:59 PM MDT.');
  });

  it('lists the original and each correction with its date, reason and hash (docs/RULES.md rule 23)', () => {
    const corrected: Results = {
      ...results,
      votesCsvSha256: 'b'.repeat(64),
      version: 2,
      versions: [
        ...results.versions,
        {
          version: 2,
          publishedAt: '2026-08-03T18:00:00.000Z',
          reason: 'A pass was refunded',
          ranking: [],
          votesCsvSha256: 'b'.repeat(64),
          votesCsvBytes: 35,
        },
      ],
    };
    act(() =>
      view.root.render(
        <MantineProvider>
          <PublishedResults results={corrected} />
        </MantineProvider>,
      ),
    );
    const list = view.container.querySelector('[aria-label="Published versions"]')!;
    expect(list.textContent).toContain('Original (August 1, 2026 at 12:00 AM MDT)');
    expect(list.textContent).toContain(
      'Correction 1 (August 3, 2026 at 12:00 PM MDT: A pass was refunded)',
    );
    expect(list.textContent).toContain('a'.repeat(64));
    expect(list.textContent).toContain('b'.repeat(64));
    const links = [...list.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/api/challenges/3/votes.csv?version=1',
      '/api/challenges/3/votes.csv?version=2',
    ]);
  });
});

describe('the ranking in the page’s language (docs/decisions/0050)', () => {
  it('names each shop as the answer writes it in the page’s language, else as published', () => {
    const row = { votes: 4, redeemers: 5, share: 0.8, rank: 1 };
    const ranked: Results = {
      ...results,
      ranking: [
        { ...row, businessId: 7, name: 'Corner Tacos' },
        { ...row, businessId: 8, name: 'Blue Bottle', rank: 2, votes: 2 },
      ],
      shopNames: { '7': 'Tacos de la Esquina' },
    };
    act(() =>
      view.root.render(
        <MantineProvider>
          <PublishedResults results={ranked} />
        </MantineProvider>,
      ),
    );
    const ranking = view.container.querySelector('[aria-label="Ranking"]')!;
    expect(ranking.textContent).toContain('Tacos de la Esquina');
    expect(ranking.textContent).not.toContain('Corner Tacos');
    expect(ranking.textContent).toContain('Blue Bottle');
  });
});
