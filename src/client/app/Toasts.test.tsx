// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Toasts from './Toasts.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    ),
  );
});
afterEach(() => {
  act(() => notifications.clean());
  act(() => root.unmount());
  container.remove();
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
