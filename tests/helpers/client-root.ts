import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// React warns unless it is told that tests wrap their updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root for each test of a client test file (happy-dom): a fresh container in the
 * document before each test, unmounted and removed after it. Tests render with
 * `act(() => view.root.render(…))` and read `view.container`.
 */
export function reactRootPerTest(): { readonly root: Root; readonly container: HTMLDivElement } {
  let root: Root | undefined;
  let container: HTMLDivElement | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  return {
    get root() {
      if (!root) throw new Error('reactRootPerTest: no test is running');
      return root;
    },
    get container() {
      if (!container) throw new Error('reactRootPerTest: no test is running');
      return container;
    },
  };
}
