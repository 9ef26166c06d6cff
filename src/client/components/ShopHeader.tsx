import { Group, Text } from '@mantine/core';
import { IconCoffee } from '@tabler/icons-react';
import { useSiteName } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';
import classes from './Header.module.css';

/**
 * The header of a shop's own pages (docs/decisions/0036-one-word-per-thing.md): the site's name
 * and whose page this is. The member's buttons ('Buy Pass', 'Sign In', the drawer) are not here:
 * the shop's link is its key, and nothing on its page is for sale.
 */
export function ShopHeader() {
  const siteName = useSiteName();
  const intl = useMessages();
  return (
    <header className={classes.header}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap={6} wrap="nowrap" c="coffee.8" fw={800} fz={{ base: 'lg', sm: 'xl' }}>
          <IconCoffee size={26} stroke={2} aria-hidden />
          <span>{siteName}</span>
        </Group>
        <Text size="sm" fw={600} c="dimmed">
          {intl.formatMessage({ id: 'shopHeader.shopPage', defaultMessage: 'Shop page' })}
        </Text>
      </Group>
    </header>
  );
}
