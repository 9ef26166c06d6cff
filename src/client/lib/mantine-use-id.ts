import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), as the build gives it to Mantine (vite.config.ts): the id
 * React's own `useId` makes, the same in the server's HTML and in the browser. Mantine's swaps it
 * for a random one in a layout effect after the first render, for React versions without
 * `useId`: every input, switch, tab and modal of a page it had just taken over was then drawn a
 * second time at once, in one long task as the pass opened (docs/decisions/0051).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
