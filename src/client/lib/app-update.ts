import { useSyncExternalStore } from 'react';

/** Installs the waiting new version of the web app and reloads the page with it. */
type ApplyUpdate = () => void;

let applyUpdate: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** Called when the service worker has installed a new version that waits for the page's word. */
export function announceUpdate(apply: ApplyUpdate): void {
  applyUpdate = apply;
  listeners.forEach((listener) => listener());
}

/** The waiting version's 'apply', or null while the page runs the newest code. */
export function useAppUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate,
    () => null,
  );
}
