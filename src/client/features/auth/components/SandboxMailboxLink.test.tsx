// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '#shared/auth.ts';
import type { SiteConfig } from '#shared/config.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { SandboxMailboxLink } from './SandboxMailboxLink.tsx';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import { TEST_SITE_CONFIG } from '#tests/helpers/site-config.ts';

const view = reactRootPerTest();

const config: SiteConfig = { ...TEST_SITE_CONFIG, testToolsEnabled: true, sandboxMailbox: true };
const organizer: PublicUser = {
  id: 1,
  username: 'boss',
  email: 'boss@example.com',
  fullName: null,
  isAdmin: true,
};

function show(siteConfig: SiteConfig, user: PublicUser | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.siteConfig, siteConfig);
  queryClient.setQueryData(queryKeys.user, user);
  act(() =>
    view.root.render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <MemoryRouter>
            <SandboxMailboxLink email="a+b@example.com" />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  return view.container.querySelector('a');
}

describe('SandboxMailboxLink', () => {
  it("opens that address's mail for an organizer while mail lands in the sandbox", () => {
    const link = show(config, organizer);
    expect(link?.textContent).toBe('Open it in the sandbox mailbox');
    expect(link?.getAttribute('href')).toBe('/sandbox/mailbox?to=a%2Bb%40example.com');
  });

  it('shows nothing when mail goes through SMTP, to members, or signed out', () => {
    expect(show({ ...config, sandboxMailbox: false }, organizer)).toBeNull();
    expect(show(config, { ...organizer, isAdmin: false })).toBeNull();
    expect(show(config, null)).toBeNull();
  });
});
