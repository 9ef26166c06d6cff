import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React hydrates server-rendered HTML (docs/decisions/0019), true afterwards and in
 * every render in the browser: what depends on the clock renders only then, so the server's
 * HTML and the first browser render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
