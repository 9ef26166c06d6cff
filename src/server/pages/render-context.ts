import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which server render an API call of the web app belongs to (its one module-wide transport is
 * shared by renders in flight), told by the async context. On Node 20 an AsyncLocalStorage that
 * has run keeps async hooks on for the whole process: every promise and tick of every request,
 * the public reads' fast lane and the writes' database calls included, then cost about twice as
 * much (BENCHMARKS.md, part api). So the context is switched off whenever no render runs.
 */
export function renderContextStore<Context extends object>() {
  const storage = new AsyncLocalStorage<Context>();
  let running = 0;
  return {
    /** `render` with `context` as the current one, for its whole async life. */
    async run<T>(context: Context, render: () => Promise<T>): Promise<T> {
      running += 1;
      try {
        return await storage.run(context, render);
      } finally {
        running -= 1;
        // `run` switches it on again for the next render.
        if (running === 0) storage.disable();
      }
    },
    current: (): Context | undefined => storage.getStore(),
  };
}
