/**
 * The public pages' one small script (docs/decisions/0027). The server sends /, /battles,
 * /battles/coffee and /business/:id as whole documents; this keeps their live parts moving (the
 * countdown, the rank badges) and hands the page to the web app when something needs it: a
 * signed-in visitor, a tap on an app control, a countdown reaching its instant. The drawer, the
 * FAQ and the share links are native HTML and need nothing.
 */
import { SIGNED_IN_MARK } from '#shared/signed-in-hint.ts';
import { tickCountdowns } from './countdowns.ts';
import { followRankBadges } from './rank-badges.ts';
import { takeOver, takeOverOnFirstUse } from './take-over.ts';

const stoppers: (() => void)[] = [];
const stopParts = () => stoppers.splice(0).forEach((stop) => stop());

if (document.documentElement.hasAttribute(SIGNED_IN_MARK)) {
  // A member's header, pass button and coupons are the app's to draw.
  void takeOver(stopParts);
} else {
  stoppers.push(
    tickCountdowns(() => void takeOver(stopParts)),
    followRankBadges(),
  );
  takeOverOnFirstUse(stopParts);
}

// Once the page is up and idle, the service worker installs the app ahead, so the next app page
// (checkout, profile) opens from the cache (vite.config.ts lists what it keeps).
if ('serviceWorker' in navigator) {
  const install = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const register = () =>
    'requestIdleCallback' in window ? requestIdleCallback(install) : setTimeout(install, 1);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
