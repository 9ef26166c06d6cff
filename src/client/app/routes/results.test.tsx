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
});
