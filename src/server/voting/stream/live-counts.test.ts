import { describe, expect, it } from 'vitest';
import { localChangeFeed } from '../../db/changes.ts';
import { LiveCounts } from './live-counts.ts';

describe('LiveCounts', () => {
  it('reads once per coalesced change for all subscribers and skips unchanged counts', async () => {
    const changes = localChangeFeed();
    let reads = 0;
    let votes = 0;
    const live = new LiveCounts({
      read: async () => {
        reads += 1;
        return JSON.stringify({ 1: votes });
      },
      changes,
      intervalMs: 200,
    });
    const received = Array.from({ length: 50 }, () => [] as string[]);
    received.forEach((messages) => live.subscribe((json) => messages.push(json)));
    expect(await Promise.all([live.current(), live.current()])).toEqual(['{"1":0}', '{"1":0}']);
    expect(reads).toBe(1);

    for (let vote = 0; vote < 20; vote += 1) {
      votes += 1;
      await changes.announcePublicChange();
    }
    await expect.poll(() => received[49]!.at(-1), { timeout: 10_000 }).toBe('{"1":20}');
    // The first change is sent at once; the rest wait for the interval and come as one.
    expect(reads).toBeLessThanOrEqual(3);
    for (const messages of received) expect(messages).toEqual(received[0]);

    const readsBefore = reads;
    await changes.announcePublicChange();
    await expect.poll(() => reads, { timeout: 10_000 }).toBe(readsBefore + 1);
    // The same counts again: nothing is sent.
    expect(received[0]!.at(-1)).toBe('{"1":20}');
    expect(received[0]!.filter((json) => json === '{"1":20}')).toHaveLength(1);
    live.close();
  });

  it('a recheck finds counts that moved without a notice, and sends nothing when they did not', async () => {
    let votes = 0;
    const live = new LiveCounts({
      read: async () => JSON.stringify({ 1: votes }),
      changes: localChangeFeed(),
      intervalMs: 50,
    });
    const received: string[] = [];
    live.subscribe((json) => received.push(json));
    expect(await live.current()).toBe('{"1":0}');

    // A vote whose notice was lost (its instance stopped before sending it).
    votes = 1;
    live.recheck();
    await expect.poll(() => received, { timeout: 10_000 }).toEqual(['{"1":1}']);
    live.recheck();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual(['{"1":1}']);
    live.close();
  });
});
