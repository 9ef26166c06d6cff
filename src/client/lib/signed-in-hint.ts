import { SIGNED_IN_MARK } from '#shared/signed-in-hint.ts';

/**
 * Once the app knows the session, the header shows the truth by itself: the head script's mark
 * (src/shared/signed-in-hint.ts) goes, so a stale hint (the session ended elsewhere) ends with
 * 'Sign In' in sight.
 */
export function dropSignedInMark(): void {
  document.documentElement.removeAttribute(SIGNED_IN_MARK);
}
