import { describe, expect, it } from 'vitest';
import { messageFinder } from './message-patterns.ts';

describe('a lookup of English messages', () => {
  it('finds an exact message first, else the most specific pattern, with its values', () => {
    const find = messageFinder([
      ['{shopName} is paused.', 'paused'],
      ['Beans & Co is paused.', 'exact'],
      ['{what} is {state}.', 'general'],
    ]);
    expect(find('Beans & Co is paused.')).toEqual({ entry: 'exact', values: {} });
    expect(find('Rise is paused.')).toEqual({ entry: 'paused', values: { shopName: 'Rise' } });
    expect(find('The map is shown.')).toEqual({
      entry: 'general',
      values: { what: 'The map', state: 'shown' },
    });
    expect(find('Something else')).toBeUndefined();
  });

  it('reads its messages at the first lookup, not when made (docs/decisions/0054)', () => {
    let read = 0;
    function* entries() {
      read += 1;
      yield ['Hello {name}', 'greeting'] as const;
    }
    const find = messageFinder(entries());
    expect(read).toBe(0);
    expect(find('Hello Ana')?.values).toEqual({ name: 'Ana' });
    expect(find('Hello Bo')?.values).toEqual({ name: 'Bo' });
    expect(read).toBe(1);
  });
});
