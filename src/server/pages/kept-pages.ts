import type { PublicReadCache } from '../public-reads/public-cache.ts';
import { MAX_ENTRIES } from '../public-reads/public-cache.ts';
import { compressPage, type EncodedPage } from './page-encodings.ts';

/**
 * The public answers a page was drawn from: the page's language (the answers speak it,
 * docs/decisions/0050-content-languages.md) and each API path read, with its `answerText`.
 */
export interface DrawnFrom {
  language: string;
  answers: ReadonlyMap<string, string>;
}

/**
 * A page's HTML and, when it was drawn wholly from public answers, which ones: without them
 * (the plain shell, a failed render) the page is drawn again each interval.
 */
export interface DrawnPage {
  html: string;
  drawnFrom?: DrawnFrom;
}

export interface KeptPagesDeps {
  /** The public reads' cache: pages live beside the answers they show and are cleared with them. */
  cache: PublicReadCache;
  /** How long a page is kept (publicCacheTtlMs); 0 renders every visit. */
  ttlMs: number;
  clock: () => Date;
  /** The `answerText` of a public answer in a language as it reads now, undefined when none. */
  answerNow: (apiPath: string, language: string) => Promise<string | undefined>;
}

const minuteOf = (instant: Date) => Math.floor(instant.getTime() / 60_000);

/**
 * Rendered public pages kept for everyone (docs/decisions/0027): which render a visit gets, and
 * when a kept page is drawn again. Owned by the public reads (public-reads.ts), which clear it
 * with the answers the pages show.
 */
export class KeptPages {
  private rendered = 0;
  /** Each kept page's last render and the answers it was drawn from, to check for a change. */
  private readonly lastDrawn = new Map<
    string,
    { page: EncodedPage; drawnFrom: DrawnFrom; minute: number }
  >();
  /** Counts organizer changes (`clear`): a render under way during one is not offered again. */
  private generation = 0;

  constructor(private readonly deps: KeptPagesDeps) {}

  /** The page stored under `key` while it lives (a render under way counts), else undefined. */
  cachedPage(key: string): Promise<EncodedPage> | undefined {
    return this.deps.cache.peek<EncodedPage>(`page:${key}`);
  }

  /** The page stored under `key` once rendered, while it lives; undefined during its render. */
  keptPage(key: string): EncodedPage | undefined {
    return this.deps.cache.peekSettled<EncodedPage>(`page:${key}`);
  }

  /**
   * A rendered public page, kept under `key` like the answers it shows: concurrent visits share
   * one render, and a failed render is not kept. A null key, or the cache turned off, renders for
   * this visit alone. Kept encoded and compressed (page-encodings.ts): a page is many times an
   * answer's size, and encoding or compressing it per visit would cost more than the rest of a
   * visit; a page for one visit is not compressed, which would cost more than it saves.
   *
   * One render per change: when the kept page's interval ends, it is kept for another if every
   * public answer it was drawn from still reads the same and its minute has not passed (what a
   * page draws from the clock, such as 'Open now', changes by the minute; its countdown ticks in
   * the browser). An organizer's change (`clear`) always draws it anew.
   */
  page(key: string | null, render: () => Promise<DrawnPage>): Promise<EncodedPage> {
    const counted = () => {
      this.rendered += 1;
      return render();
    };
    if (key === null || this.deps.ttlMs <= 0) {
      return counted().then(({ html }) => ({ identity: Buffer.from(html) }));
    }
    return this.deps.cache.remember(`page:${key}`, async () => {
      const generation = this.generation;
      const minute = minuteOf(this.deps.clock());
      const earlier = this.lastDrawn.get(key);
      if (earlier?.minute === minute && (await this.stillAnswers(earlier.drawnFrom))) {
        return earlier.page;
      }
      const { html, drawnFrom } = await counted();
      const page = await compressPage(Buffer.from(html));
      // A page drawn before an organizer's change is not offered again after it.
      if (drawnFrom && generation === this.generation) {
        if (this.lastDrawn.size >= MAX_ENTRIES) this.lastDrawn.clear();
        this.lastDrawn.set(key, { page, drawnFrom, minute });
      } else {
        this.lastDrawn.delete(key);
      }
      return page;
    });
  }

  /** Whether each public answer still reads as it did when a page was drawn from it. */
  private async stillAnswers({ language, answers }: DrawnFrom): Promise<boolean> {
    for (const [apiPath, answered] of answers) {
      if ((await this.deps.answerNow(apiPath, language)) !== answered) return false;
    }
    return true;
  }

  /** Server renders of public pages started by this process (lb_page_renders_total). */
  renders(): number {
    return this.rendered;
  }

  /** Forgets the pages' last renders; the cache itself is cleared by its owner. */
  clear() {
    this.lastDrawn.clear();
    this.generation += 1;
  }
}
