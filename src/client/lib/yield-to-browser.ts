/**
 * Ends the task evaluating the app's modules (main.tsx imports it between two groups): the
 * modules imported after it evaluate in a later task, so the browser paints and answers a tap in
 * between (docs/decisions/0053-intl-before-first-paint.md). The bundle evaluates the entry's
 * imports in order and awaits this one before going on.
 */
await new Promise<void>((resolve) => {
  setTimeout(resolve, 0);
});

export {};
