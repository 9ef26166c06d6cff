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
  /** Its cookies by name, as a browser keeps them: the session and the signed-in hint. */
  private readonly cookies = new Map<string, string>();
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
            ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
        for (const setCookie of response.headers.getSetCookie()) this.keep(setCookie);
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

  /** As a browser whose cookies were cleared: the next call has no session. */
  forgetCookies() {
    this.cookies.clear();
  }

  /** A Set-Cookie header, applied as a browser does: an empty value (a clearing) forgets it. */
  private keep(setCookie: string) {
    const pair = setCookie.split(';')[0] ?? '';
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    if (value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
