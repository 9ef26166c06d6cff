import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';

const subscribeNever = () => () => undefined;

/** Whether React has taken over the server's HTML, or drew the page itself from the start. */
let takenOver = false;

/**
 * Called once the app has taken over the server-rendered page (after the first page's effects,
 * app/layout.tsx), or before it draws a page the server did not render (main.tsx): a part first
 * drawn after that is drawn as hydrated.
 */
export function markTakenOver(): void {
  takenOver = true;
}

/**
 * `whileHydrating` while React hydrates server-rendered HTML, then true. A part drawn while
 * hydrating turns true in a transition, so its second drawing is cut into short tasks; one
 * drawn later is true from its first render. (An external store whose snapshot differs from
 * the server's would redraw every such part at once, in one long task: docs/decisions/0051.)
 */
function useTrueOnceTakenOver(whileHydrating: boolean): boolean {
  const drawnTakenOver = useSyncExternalStore(
    subscribeNever,
    () => takenOver || whileHydrating,
    () => whileHydrating,
  );
  const [value, setValue] = useState(drawnTakenOver);
  useEffect(() => {
    if (!value) startTransition(() => setValue(true));
  }, [value]);
  return value;
}

/**
 * False while React hydrates server-rendered HTML (docs/decisions/0027), true afterwards and in
 * every render in the browser: what depends on the clock renders only then, so the server's
 * HTML and the first browser render agree.
 */
export function useHydrated(): boolean {
  return useTrueOnceTakenOver(false);
}

/**
 * Whether the server drew this page with the visitor's account (a page that reads the session,
 * #shared/pages.ts): while it hydrates, the account is the one its HTML shows, not unknown.
 */
export const AccountInHtml = createContext(false);

/**
 * Whether the visitor's account may be drawn: once hydrated, and already while hydrating a page
 * the server drew with it (`AccountInHtml`). Known from the start there, it never changes when
 * hydration ends, so nothing that reads the account is drawn a second time then.
 */
export function useAccountDrawable(): boolean {
  return useTrueOnceTakenOver(useContext(AccountInHtml));
}
