/**
 * The instant a page is drawn at. On the server that is the server's clock when it renders (the
 * browser suite moves it); in the browser, while the app takes over a page the server drew, it
 * is that same instant, which the page carries: the first render then matches the HTML even
 * when a phase, or a shop's opening hour, changed since. Otherwise it is simply now. What reads
 * it sets the real time once mounted.
 */
let drawnAt: number | undefined;

export function drawPagesAt(instant: number | undefined): void {
  drawnAt = instant;
}

export function pageNow(): number {
  return drawnAt ?? Date.now();
}
