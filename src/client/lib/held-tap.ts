import { PAGE_HYDRATED_EVENT } from './live-parts.ts';

/** What only the web app does: a button of the page's own (not a native popover or details). */
function appControlAt(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>('button, [role="button"]');
  if (!control || control.closest('summary') || control.hasAttribute('popovertarget')) return null;
  return document.getElementById('root')?.contains(control) ? control : null;
}

/**
 * Until the web app has taken over a page the server drew (docs/decisions/0027), its buttons are
 * HTML only and a tap on one would be lost: the first such tap is held and handed to the app once
 * it holds the page (PAGE_HYDRATED_EVENT). `onHeld` runs at that tap (a public page loads the app
 * then). Links and native elements stay the browser's.
 */
export function holdFirstTapUntilHydrated(onHeld?: () => void): void {
  const onClick = (event: MouseEvent) => {
    const control = appControlAt(event.target);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    document.removeEventListener('click', onClick, true);
    window.addEventListener(PAGE_HYDRATED_EVENT, () => control.click(), { once: true });
    onHeld?.();
  };
  document.addEventListener('click', onClick, true);
  // Hydrated before any tap: the taps are the app's from then on.
  window.addEventListener(
    PAGE_HYDRATED_EVENT,
    () => document.removeEventListener('click', onClick, true),
    { once: true },
  );
}
