/**
 * Ends the task evaluating the app's modules (main.tsx imports it between two groups): the
 * modules imported after it evaluate in a later task, so the browser paints and answers a tap in
 * between (docs/decisions/0053-intl-before-first-paint.md). The bundle evaluates the entry's
 * imports in order and awaits this one before going on.
 */

/** Resolves in a later task: what follows an `await` of it runs after the browser had its turn. */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });
}

await nextTask();
