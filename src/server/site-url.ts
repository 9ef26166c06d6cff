import { isIPv6 } from 'node:net';

/**
 * Where the site is reached: the origin of every absolute link it hands out (emails, payment
 * returns, shop links, sitemap, link previews, server-rendered pages, GET /api/config). Built
 * once from the settings and never from a request's Host or X-Forwarded-Host, which anyone can
 * set (docs/RULES.md rule 16).
 */
export class SiteUrl {
  /** Scheme, host and port, without a trailing slash: `https://battles.example.com`. */
  readonly origin: string;

  constructor(url: string) {
    this.origin = new URL(url).origin;
  }

  /** https: cookies are Secure and HSTS is on. */
  get secure(): boolean {
    return this.origin.startsWith('https:');
  }

  /** The absolute URL of a path on the site (`/auth/reset?token=…`). */
  href(path: string): string {
    return new URL(path, this.origin).toString();
  }

  /**
   * PUBLIC_URL when set; otherwise (development) the address the server listens on, with
   * `localhost` for an any-address bind (0.0.0.0, ::), which no browser can open.
   */
  static fromSettings(settings: { publicUrl?: string | undefined; host: string; port: number }) {
    if (settings.publicUrl) return new SiteUrl(settings.publicUrl);
    const anyAddress = ['0.0.0.0', '::', '[::]'].includes(settings.host);
    const host = anyAddress
      ? 'localhost'
      : isIPv6(settings.host)
        ? `[${settings.host}]`
        : settings.host;
    return new SiteUrl(`http://${host}:${settings.port}`);
  }
}
