import { Button, Group } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { endpoints } from '#shared/endpoints.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { useSaveToGoogleWallet } from '../api/google-wallet-link.ts';

import { useMessages } from '#client/i18n/language.tsx';
/**
 * 'Add to Apple Wallet' (the signed .pkpass: Safari hands it to Wallet) and 'Save to Google
 * Wallet', each only when the site has that wallet's settings (GET /api/config `wallet`,
 * docs/decisions/0043).
 */
export function WalletButtons() {
  const intl = useMessages();
  const wallet = useSiteConfig()?.wallet;
  const google = useSaveToGoogleWallet();
  if (!wallet?.apple && !wallet?.google) return null;
  return (
    <Group
      component="section"
      aria-label={intl.formatMessage({
        id: 'wallet.label',
        defaultMessage: "Your pass in your phone's wallet",
      })}
      gap="sm"
    >
      {wallet.apple && (
        <Button
          component="a"
          href={endpoints.appleWalletPass.path}
          color="dark"
          leftSection={<IconBrandApple size={18} aria-hidden />}
        >
          {intl.formatMessage({ id: 'wallet.apple', defaultMessage: 'Add to Apple Wallet' })}
        </Button>
      )}
      {wallet.google && (
        <Button
          color="dark"
          variant="outline"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          loading={google.isPending}
          onClick={() => google.mutate()}
        >
          {intl.formatMessage({ id: 'wallet.google', defaultMessage: 'Save to Google Wallet' })}
        </Button>
      )}
    </Group>
  );
}
