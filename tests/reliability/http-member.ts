/**
 * A simulated member talking HTTP to one of several server instances, as a browser would:
 * its own session cookie, a same-origin Origin header, and its own client address (the servers
 * trust X-Forwarded-For from loopback, as they would behind a local proxy).
 */
export interface Answer {
  status: number;
  body: unknown;
}

export class HttpMember {
  cookie: string | undefined;
  readonly statuses: number[] = [];
  /** 'POST /api/register 201' and the like, for the run's figures. */
  readonly outcomes: string[] = [];

  constructor(
    readonly username: string,
    readonly address: string,
    private readonly servers: () => string[],
  ) {}

  /** Sends to a live instance; when an instance is down (crashed), tries the next one. */
  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    let lastError: unknown;
    const candidates = [...this.servers()].sort(() => Math.random() - 0.5);
    for (const server of candidates) {
      try {
        const response = await fetch(`${server}${path}`, {
          method,
          headers: {
            origin: server,
            'x-forwarded-for': this.address,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(this.cookie ? { cookie: this.cookie } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
        const setCookie = response.headers.getSetCookie().at(-1);
        if (setCookie) this.cookie = setCookie.split(';')[0];
        const text = await response.text();
        this.statuses.push(response.status);
        this.outcomes.push(
          `${method} ${path.split('?')[0]!.replace(/\/(\d+|sbx_[\w-]+)/g, '/:id')} ${response.status}`,
        );
        return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
      } catch (error) {
        // Connection refused or reset: the instance is down. Nothing was acknowledged; try another.
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error('no server answered');
  }
}
