import { createContext, useContext, useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React hydrates server-rendered HTML (docs/decisions/0027), true afterwards and in
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
  const accountInHtml = useContext(AccountInHtml);
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => accountInHtml,
  );
}
