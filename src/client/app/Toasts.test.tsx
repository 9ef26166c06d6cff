// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import Toasts from './Toasts.tsx';

const view = reactRootPerTest();
beforeEach(() => {
  act(() =>
    view.root.render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    ),
  );
});
afterEach(() => {
  act(() => notifications.clean());
});

/** The toasts on screen (the store's list; those beyond the limit wait in its queue). */
const shownTitles = () => notificationsStore.getState().notifications.map((toast) => toast.title);

describe('Toasts', () => {
  it('shows at most two, the newest replacing the oldest', () => {
    act(() => {
      notifications.show({ title: 'First', message: 'one' });
    });
    act(() => {
      notifications.show({ title: 'Second', message: 'two' });
    });
    expect(shownTitles().sort()).toEqual(['First', 'Second']);
    act(() => {
      notifications.show({ title: 'Third', message: 'three' });
    });
    expect(shownTitles().sort()).toEqual(['Second', 'Third']);
    expect(notificationsStore.getState().queue).toEqual([]);
  });
});
