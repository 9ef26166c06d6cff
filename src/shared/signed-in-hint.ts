/**
 * The signed-in hint (docs/decisions/0027, the signed-in hint): public pages are rendered once for everyone,
 * so their HTML carries the signed-out header. Beside the HttpOnly session cookie the server keeps
 * this readable cookie, which holds no secret, only that this browser has signed in. A script in
 * the page's head marks the document while it stands, and the stylesheet then keeps the
 * signed-out actions ('Sign In') in place but unseen until the app knows the session.
 */
export const SIGNED_IN_HINT_COOKIE = 'lb.signed_in';

/** The attribute on <html> while the hint stands and the app has not yet heard the session. */
export const SIGNED_IN_MARK = 'data-signed-in';

/**
 * Runs inline at the top of index.html's head (vite.config.ts), before anything is painted; the
 * Content-Security-Policy admits exactly this text by its hash (src/server/plugins/security.ts).
 */
export const SIGNED_IN_HINT_SCRIPT =
  `if(document.cookie.split('; ').indexOf('${SIGNED_IN_HINT_COOKIE}=1')>=0)` +
  `document.documentElement.setAttribute('${SIGNED_IN_MARK}','')`;
