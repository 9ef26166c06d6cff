// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '#shared/backups.ts';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import { BackupSummary, formatSize, intervalText } from './BackupCard.tsx';

const view = reactRootPerTest();
const DAY_MS = 24 * 60 * 60 * 1000;

const status = (fields: Partial<BackupStatus>): BackupStatus => ({
  last: {
    file: 'local-battles-2026-11-26.pglite.tar.gz',
    createdAt: '2026-11-26T03:00:00.000Z',
    sizeBytes: 3_565_158,
    appVersion: '0.1.0',
    lastMigration: '0018_payout_voids',
    sha256: 'a'.repeat(64),
  },
  count: 3,
  intervalMs: DAY_MS,
  keep: 14,
  stale: false,
  ...fields,
});

function show(shown: BackupStatus) {
  act(() => {
    view.root.render(
      <MantineProvider>
        <BackupSummary status={shown} />
      </MantineProvider>,
    );
  });
  return view.container;
}

describe('the admin backup card', () => {
  it('shows the last backup’s size and the schedule, with no warning while it is recent', () => {
    const shown = show(status({}));
    expect(shown.textContent).toMatch(/Last backup: .+ \(3\.4 MB\)/);
    expect(shown.textContent).toContain('Taken every day; the newest 14 are kept.');
    expect(shown.querySelector('[role="alert"]')).toBeNull();
  });

  it('warns when the last backup is older than twice the interval', () => {
    const alert = show(status({ stale: true })).querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(
      'The last backup is older than twice the interval (every day).',
    );
  });

  it('warns when no backup was taken although one is due, and says so when none is scheduled', () => {
    expect(show(status({ last: null, stale: true })).textContent).toContain(
      'No backup has been taken, although one is due every day.',
    );
    const onDemand = show(status({ last: null, intervalMs: null }));
    expect(onDemand.textContent).toContain('No backup yet.');
    expect(onDemand.textContent).toContain('Taken on demand only');
  });

  it('writes sizes and intervals as people read them', () => {
    expect([formatSize(900), formatSize(2048), formatSize(52_428_800)]).toEqual([
      '900 B',
      '2.0 KB',
      '50 MB',
    ]);
    expect([intervalText(DAY_MS), intervalText(6 * 3_600_000), intervalText(30 * 60_000)]).toEqual([
      'every day',
      'every 6 hours',
      'every 30 minutes',
    ]);
  });
});
