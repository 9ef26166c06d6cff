import { executionAsyncId } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { renderContextStore } from './render-context.ts';

/** Whether the process gives promises async ids: true only while async hooks are on. */
async function promisesTracked(): Promise<boolean> {
  const outer = executionAsyncId();
  await Promise.resolve();
  return executionAsyncId() !== outer;
}

describe('the render context', () => {
  it('gives each render in flight its own context, while another one ends', async () => {
    const store = renderContextStore<{ page: string }>();
    let releaseLong!: () => void;
    const longHeld = new Promise<void>((resolve) => (releaseLong = resolve));
    const long = store.run({ page: '/profile' }, async () => {
      await longHeld;
      await sleep(1);
      return store.current()?.page;
    });
    const short = store.run({ page: '/' }, async () => {
      await sleep(1);
      return store.current()?.page;
    });
    expect(await short).toBe('/');
    releaseLong();
    expect(await long).toBe('/profile');
    expect(store.current()).toBeUndefined();
  });

  it('leaves async hooks off once no render runs, so requests do not pay for them', async () => {
    const store = renderContextStore<{ page: string }>();
    await sleep(1);
    expect(await promisesTracked()).toBe(false);
    let trackedDuringRender = false;
    await store.run({ page: '/' }, async () => {
      trackedDuringRender = await promisesTracked();
    });
    await sleep(1);
    expect(trackedDuringRender).toBe(true);
    expect(await promisesTracked()).toBe(false);
  });
});

describe("React's server renders", () => {
  it("use React's builds without an AsyncLocalStorage of their own, which would keep hooks on", () => {
    // React's Node streaming builds run each render in a module-wide AsyncLocalStorage they never
    // switch off; its browser builds (prerender from react-dom/static.browser) and
    // renderToString keep none.
    const sources = fs
      .readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const keepingHooks = sources.filter((file) =>
      /from 'react-dom\/(static|static\.node|server\.node)'|renderToPipeableStream|prerenderToNodeStream/.test(
        fs.readFileSync(path.join('src', file), 'utf8'),
      ),
    );
    expect(keepingHooks).toEqual([]);
  });
});
