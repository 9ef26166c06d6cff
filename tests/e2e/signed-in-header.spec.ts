import type { Page, Route } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_MARK } from '#shared/signed-in-hint.ts';
import { expect, isPhone, registerViaAuthPage, test, uniqueName } from './fixtures.ts';

// Public pages are rendered for everyone (docs/decisions/0027): the signed-in hint keeps a
// member's 'Sign In' unseen until the app has heard the session. page.route holds that answer,
// which requests through a service worker would pass by.
test.use({ serviceWorkers: 'block' });

declare global {
  interface Window {
    /** Each painted frame in which a visible control was named 'Sign In', by path. */
    signInSeen: string[];
  }
}

/**
 * Records, from the document's creation on, every frame in which a link or button named
 * 'Sign In' would be painted. Animation frames run just before each paint and not while the
 * stylesheets still block the first one, so this is what the visitor could have seen.
 */
async function recordSignInFrames(page: Page) {
  await page.addInitScript(() => {
    window.signInSeen = [];
    const look = () => {
      for (const control of document.querySelectorAll('a, button')) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
        if (name !== 'Sign In') continue;
        if (control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
          window.signInSeen.push(location.pathname);
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/**
 * Holds every answer of /api/session until released; `asked` settles once the app, mounted,
 * has asked (a tap on the phone's burger before that would be lost).
 */
async function holdSession(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const askedOnce = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/api/session', async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return {
    asked: askedOnce,
    /** Lets the answers go, and settles once the first has reached the page. */
    release: async () => {
      const answered = page.waitForResponse('**/api/session');
      release();
      await answered;
    },
  };
}

/** The header's signed-out control: in the bar from `sm` up, in the drawer on a phone. */
async function signInControl(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    // The drawer's links are hidden ones too while the hint stands: found by their address.
    return page.getByRole('dialog').locator('a[href="/auth"]');
  }
  return page.getByRole('banner').locator('a[href="/auth"]');
}

async function firstShopPath(page: Page) {
  const shops = (await (await page.request.get('/api/businesses')).json()) as { id: number }[];
  return `/business/${String(shops[0]?.id)}`;
}

test(
  "a signed-in member's header never shows 'Sign In' on the public pages",
  { tag: '@desktop' },
  async ({ page }) => {
    const username = uniqueName('hinted');
    await registerViaAuthPage(page, username);
    await expect(page).toHaveURL('/');
    await recordSignInFrames(page);

    for (const path of ['/', await firstShopPath(page)]) {
      const session = await holdSession(page);
      await page.goto(path);
      await session.asked;
      // The app is up and the session unknown: 'Sign In' keeps its place, unseen.
      const signInWhilePending = await signInControl(page);
      await expect(signInWhilePending).toBeAttached();
      await expect(signInWhilePending).toBeHidden();
      await session.release();

      if (isPhone(page)) {
        await expect(page.getByRole('dialog').getByText(`Signed in as ${username}`)).toBeVisible();
        await expect(
          page.getByRole('dialog').getByRole('button', { name: 'Logout' }),
        ).toBeVisible();
      } else {
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: username })).toBeVisible();
        await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
      }
      await expect(page.locator('a[href="/auth"]')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute(SIGNED_IN_MARK);
      expect(await page.evaluate(() => window.signInSeen)).toEqual([]);
      await page.unroute('**/api/session');
    }
  },
);

test(
  "a signed-out visitor's public page shows 'Sign In' from its first paint, without the app or a session check",
  { tag: '@desktop' },
  async ({ page }) => {
    await recordSignInFrames(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      // The app's code (its base stylesheet is the document's too).
      if (pathname === '/api/session' || /\/assets\/main-[^/]*\.js$/.test(pathname)) {
        asked.push(pathname);
      }
    });
    await page.goto('/');
    await expect(page.getByRole('timer')).not.toContainText('--');
    const signIn = await signInControl(page);
    await expect(signIn).toBeVisible();
    expect(await page.evaluate(() => window.signInSeen)).not.toEqual([]);
    // The document needs neither (docs/decisions/0027): the session is the app's to ask.
    expect(asked).toEqual([]);
  },
);

test(
  "a stale hint (the session ended elsewhere) ends with 'Sign In' and is cleared",
  { tag: '@desktop' },
  async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: baseURL! }]);
    const session = await holdSession(page);
    await page.goto('/');
    await session.asked;
    await expect(page.locator('html')).toHaveAttribute(SIGNED_IN_MARK);
    const signIn = await signInControl(page);
    await expect(signIn).toBeHidden();
    await session.release();
    await expect(signIn).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute(SIGNED_IN_MARK);
    const hints = (await context.cookies()).filter(({ name }) => name === SIGNED_IN_HINT_COOKIE);
    expect(hints).toEqual([]);
  },
);
