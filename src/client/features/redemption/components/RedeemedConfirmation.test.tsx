// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import { CONFIRMATION_MS, RedeemedConfirmation } from './RedeemedConfirmation.tsx';

const view = reactRootPerTest();
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function show(canVote: boolean) {
  act(() => {
    view.root.render(
      <MantineProvider>
        <MemoryRouter>
          <RedeemedConfirmation
            redeemed={{
              shopName: 'Honest Bean Roasters',
              message:
                'Your $5 coupon at Honest Bean Roasters has been redeemed. You earned a vote!',
              canVote,
            }}
            onClose={() => {}}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
  });
}

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** The confirmation's links and buttons by their words (Mantine's modal renders in a portal). */
const offered = () =>
  [...document.body.querySelectorAll('a, button')].map((element) => element.textContent);

describe('the redemption’s confirmation (docs/decisions/0017)', () => {
  it('is the cashier’s alone for its first seconds, then offers Vote now and Done', () => {
    show(true);
    expect(document.body.textContent).toContain('Honest Bean Roasters');
    wait(CONFIRMATION_MS - 1);
    expect(offered()).not.toContain('Vote now');
    expect(offered()).not.toContain('Done');
    wait(1);
    expect(offered()).toEqual(expect.arrayContaining(['Vote now', 'Done']));
  });

  it('offers only Done to a pass without a vote to cast', () => {
    show(false);
    wait(CONFIRMATION_MS);
    expect(offered()).toContain('Done');
    expect(offered()).not.toContain('Vote now');
  });
});
