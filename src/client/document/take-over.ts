import { holdFirstTapUntilHydrated } from '#client/lib/held-tap.ts';
import { APP_HYDRATING_EVENT } from '#client/lib/live-parts.ts';
import { undoChanges } from './page-changes.ts';

let takingOver: Promise<unknown> | undefined;

/**
 * Hands the page to the web app (docs/decisions/0027): the small script's parts stop, the HTML
 * goes back to what the server drew, and the app hydrates it with the answers it was drawn with
 * (src/client/main.tsx). Once only.
 */
export function takeOver(stopParts: () => void): Promise<unknown> {
  takingOver ??= (() => {
    window.addEventListener(
      APP_HYDRATING_EVENT,
      () => {
        stopParts();
        undoChanges();
      },
      { once: true },
    );
    return import('../main.tsx');
  })();
  return takingOver;
}

/**
 * A tap on something only the web app can do (Redeem, the map, 'Open now') loads the app and
 * is then handed to it, once the page is hydrated; typing into a form loads it too. Links and
 * native elements stay the browser's.
 */
export function takeOverOnFirstUse(stopParts: () => void): void {
  holdFirstTapUntilHydrated(() => void takeOver(stopParts));
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && event.target.matches('input, textarea, select')) {
        void takeOver(stopParts);
      }
    },
    true,
  );
}
