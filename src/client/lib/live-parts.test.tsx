// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ShopCard } from '#client/components/ShopCard.tsx';
import { loadCatalog } from '#client/i18n/catalogs.ts';
import { LanguageProvider, type PageLanguage } from '#client/i18n/language.tsx';
import { RANK_WORDS_ATTRIBUTE, rankLabel, type RankWords } from './live-parts.ts';

/** The rank words a shop card drawn by the server carries, in a page's language. */
async function rankWordsOn(page: PageLanguage): Promise<string | null> {
  const html = renderToString(
    <MantineProvider>
      <MemoryRouter>
        <LanguageProvider page={page} catalog={await loadCatalog(page.language)}>
          <ShopCard
            shop={{ id: 7, name: 'Café Uno', address: 'Calle 1', imageUrl: null }}
            rank={2}
            votes={3}
          />
        </LanguageProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
  const badge = new DOMParser()
    .parseFromString(html, 'text/html')
    .querySelector(`[${RANK_WORDS_ATTRIBUTE}]`);
  return badge?.getAttribute(RANK_WORDS_ATTRIBUTE) ?? null;
}

describe("the rank badge's label as the public pages' script writes it", () => {
  it('speaks English without words from the page', () => {
    expect(rankLabel(null, undefined)).toBe('No votes yet');
    expect(rankLabel(2, undefined)).toBe('Rank 2');
    expect(rankLabel(1, 1)).toBe('Rank 1, 1 vote');
    expect(rankLabel(3, 12)).toBe('Rank 3, 12 votes');
  });

  it("an English page carries no words: the script's English is the card's", async () => {
    expect(await rankWordsOn({ language: 'en', basename: '' })).toBeNull();
  });

  it("speaks a Spanish page's words, taken from the card the server drew", async () => {
    const text = await rankWordsOn({ language: 'es', basename: '/es' });
    const words = JSON.parse(text ?? 'null') as RankWords;
    expect(rankLabel(null, undefined, words)).toBe('Todavía sin votos');
    expect(rankLabel(2, undefined, words)).toBe('Puesto 2');
    expect(rankLabel(1, 1, words)).toBe('Puesto 1, 1 voto');
    expect(rankLabel(3, 12, words)).toBe('Puesto 3, 12 votos');
    expect(rankLabel(4, 1500, words)).toBe('Puesto 4, 1,500 votos');
  });
});
