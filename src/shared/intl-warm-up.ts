/**
 * The first use of `Intl` on a page loads the browser's locale data: about 20 ms on a fast phone,
 * 80-90 ms on Lighthouse's 4x slower one (docs/decisions/0053-intl-before-first-paint.md). The app
 * formats money, dates and messages with `Intl` while it takes over a drawn page, where that cost
 * made one long task of the first render and kept a tap on the pass waiting. This line, inline in
 * the app's head, pays it while the page's stylesheets download, before anything is painted.
 * Public pages sent as documents never run it: their script uses no `Intl`
 * (pages/document-shell.ts drops it).
 */
export const INTL_WARM_UP_SCRIPT = "Intl.NumberFormat.supportedLocalesOf('en-US')";

/** The attribute that marks the script as the app's own, for the documents' shell to leave out. */
export const APP_ONLY_ATTRIBUTE = 'data-app-only';
