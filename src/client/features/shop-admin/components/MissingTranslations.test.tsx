// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { AdminChallengeDto } from '#shared/challenges.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { MissingTranslations } from './MissingTranslations.tsx';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import { TEST_SITE_CONFIG } from '#tests/helpers/site-config.ts';

const view = reactRootPerTest();

const battle: AdminChallengeDto = {
  id: 3,
  title: 'Ice Cream Battle',
  description: 'Scoops all month',
  startDate: '2031-01-01T06:00:00.000Z',
  endDate: '2031-02-01T06:00:00.000Z',
  price: 20,
  active: true,
  theme: 'ice-cream',
  themeLabel: 'Ice Cream',
  votesPerShop: 1,
  timeZone: 'America/Chicago',
  standingsFreezeHours: 0,
  reminderHoursBeforeEnd: 72,
  maxPassesPerOrder: 10,
  voucherPassesVote: false,
  contentLanguage: 'en',
  ownThemeLabel: null,
  translations: { es: { title: 'Batalla del helado', description: 'Helado todo el mes' } },
};

function show(challenge: AdminChallengeDto) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.siteConfig, TEST_SITE_CONFIG);
  act(() =>
    view.root.render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <MissingTranslations challenge={challenge} shops={[]} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  // The alert's words only (Mantine's provider writes its styles beside it).
  return view.container.querySelector('[role="alert"]')?.textContent ?? '';
}

describe('the missing translations of a battle’s theme label', () => {
  it('names none while the theme reads as its key’s words', () => {
    expect(show(battle)).toBe('');
  });

  it('names the label the organizer wrote in the main language and not in another', () => {
    const written = { ...battle, themeLabel: 'Gelato', ownThemeLabel: 'Gelato' };
    expect(show(written)).toContain('Ice Cream Battle: theme label in Español');
    expect(
      show({
        ...written,
        translations: { es: { ...battle.translations.es, themeLabel: 'helado' } },
      }),
    ).toBe('');
  });
});
