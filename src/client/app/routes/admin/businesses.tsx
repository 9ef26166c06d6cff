import { DEFAULT_LANGUAGE } from '#shared/languages.ts';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconFileImport, IconPlus } from '@tabler/icons-react';
import type { AdminBusiness } from '#shared/businesses.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useChallengeBusinesses } from '#client/features/shop-admin/api/get-challenge-businesses.ts';
import { BusinessesTable } from '#client/features/shop-admin/components/BusinessesTable.tsx';
import { BusinessFormDialog } from '#client/features/shop-admin/components/BusinessFormDialog.tsx';
import { DeleteBusinessDialog } from '#client/features/shop-admin/components/DeleteBusinessDialog.tsx';
import { ImportShopsDialog } from '#client/features/shop-admin/components/ImportShopsDialog.tsx';
import { ShopLinkDialog } from '#client/features/shop-admin/components/ShopLinkDialog.tsx';
import { MissingTranslations } from '#client/features/shop-admin/components/MissingTranslations.tsx';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { ChallengeSelect } from '#client/features/challenges/components/ChallengeSelect.tsx';
import { useAdminChallenges } from '#client/features/challenges/api/get-admin-challenges.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { challengeListWords } from '#client/lib/admin-words.ts';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

type FormState = { opened: false } | { opened: true; business: AdminBusiness | null };

/** /admin/businesses: the shops of a challenge (docs/SPEC.md section 2). Behind RequireAdmin. */
export default function AdminBusinessesRoute() {
  const intl = useMessages();
  usePageMeta({
    exactTitle: intl.formatMessage({
      id: 'adminBusinesses.pageTitle',
      defaultMessage: 'Manage Businesses - Admin Dashboard',
    }),
  });
  const challenges = useAdminChallenges();
  const publicChallenge = useCurrentBattle();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [form, setForm] = useState<FormState>({ opened: false });
  const [deleting, setDeleting] = useState<AdminBusiness | null>(null);
  const [linking, setLinking] = useState<AdminBusiness | null>(null);
  const [importing, setImporting] = useState(false);

  const list = challenges.data ?? [];
  // Defaults to the public (active) challenge, otherwise the first (docs/SPEC.md section 2).
  const selected =
    list.find((challenge) => challenge.id === chosenId) ??
    list.find((challenge) => challenge.id === publicChallenge.data?.id) ??
    list[0] ??
    null;
  const businesses = useChallengeBusinesses(selected?.id ?? null);
  const shops = businesses.data ?? [];

  if (challenges.isPending || publicChallenge.isPending)
    return <PageLoader label={intl.formatMessage(challengeListWords.loading)} />;
  if (challenges.isError) {
    return (
      <Alert color="red" title={intl.formatMessage(challengeListWords.loadFailed)} m="md">
        {errorText(challenges.error, intl.formatMessage(challengeListWords.fetchFailed))}
      </Alert>
    );
  }

  const openCreate = () => setForm({ opened: true, business: null });

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {intl.formatMessage({ id: 'adminBusinesses.title', defaultMessage: 'Manage Businesses' })}
        </Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            onClick={() => setImporting(true)}
            disabled={!selected}
          >
            {intl.formatMessage({ id: 'adminBusinesses.importCsv', defaultMessage: 'Import CSV' })}
          </Button>
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={openCreate}
            disabled={!selected}
          >
            {intl.formatMessage({ id: 'adminBusinesses.add', defaultMessage: 'Add New Business' })}
          </Button>
        </Group>
      </Group>

      <ChallengeSelect challenges={list} selected={selected} onSelect={setChosenId} />

      {!selected ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" ta="center" gap="xs">
            <Title order={2} fz="lg">
              {intl.formatMessage({
                id: 'adminBusinesses.noChallenge',
                defaultMessage: 'No Challenge Selected',
              })}
            </Title>
            <Text c="dimmed">
              {intl.formatMessage({
                id: 'adminBusinesses.noChallengeText',
                defaultMessage: 'Create a challenge first, then add its businesses.',
              })}
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder radius="md" padding="lg">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Title order={2} fz="xl">
                  {selected.title}
                </Title>
                <Text c="dimmed">{selected.description}</Text>
                <Text size="sm">
                  {intl.formatMessage(
                    { id: 'adminBusinesses.theme', defaultMessage: 'Theme: {theme}' },
                    { theme: selected.themeLabel },
                  )}
                </Text>
              </Stack>
              {selected.active && (
                <Badge color="teal.9" style={{ flexShrink: 0 }}>
                  {intl.formatMessage({ id: 'adminBusinesses.active', defaultMessage: 'Active' })}
                </Badge>
              )}
            </Group>
          </Card>

          <MissingTranslations challenge={selected} shops={shops} />

          <Card withBorder radius="md" padding={0}>
            <Stack gap={4} p="lg" pb="sm">
              <Title order={2} fz="lg">
                {intl.formatMessage({
                  id: 'adminBusinesses.participating',
                  defaultMessage: 'Participating Businesses',
                })}
              </Title>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(
                  {
                    id: 'adminBusinesses.count',
                    defaultMessage:
                      '{count, plural, one {# business} other {# businesses}} in this challenge',
                  },
                  { count: shops.length },
                )}
              </Text>
            </Stack>
            {businesses.isPending ? (
              <PageLoader
                label={intl.formatMessage({
                  id: 'adminBusinesses.loading',
                  defaultMessage: 'Loading businesses',
                })}
              />
            ) : businesses.isError ? (
              <Alert
                color="red"
                title={intl.formatMessage({
                  id: 'adminBusinesses.loadFailed',
                  defaultMessage: 'Could not load the businesses',
                })}
                m="md"
              >
                {errorText(
                  businesses.error,
                  intl.formatMessage({
                    id: 'adminBusinesses.fetchFailed',
                    defaultMessage: 'Failed to fetch businesses',
                  }),
                )}
              </Alert>
            ) : shops.length === 0 ? (
              <Stack align="center" ta="center" gap="xs" p="xl">
                <IconBuildingStore size={40} aria-hidden color="var(--mantine-color-gray-7)" />
                <Title order={3} fz="md">
                  {intl.formatMessage({
                    id: 'adminBusinesses.none',
                    defaultMessage: 'No Businesses Yet',
                  })}
                </Title>
                <Text c="dimmed">
                  {intl.formatMessage({
                    id: 'adminBusinesses.noneText',
                    defaultMessage: 'Add your first business to this challenge',
                  })}
                </Text>
                <Button onClick={openCreate} mt="xs">
                  {intl.formatMessage({
                    id: 'adminBusinesses.addFirst',
                    defaultMessage: 'Add First Business',
                  })}
                </Button>
              </Stack>
            ) : (
              <BusinessesTable
                businesses={shops}
                onEdit={(business) => setForm({ opened: true, business })}
                onDelete={setDeleting}
                onShopLink={setLinking}
                timeZone={selected.timeZone}
              />
            )}
          </Card>
        </>
      )}

      <BusinessFormDialog
        opened={form.opened}
        challengeId={selected?.id ?? null}
        business={form.opened ? form.business : null}
        nextPosition={shops.length}
        timeZone={selected?.timeZone ?? 'UTC'}
        contentLanguage={selected?.contentLanguage ?? DEFAULT_LANGUAGE}
        onClose={() => setForm({ opened: false })}
      />
      <DeleteBusinessDialog business={deleting} onClose={() => setDeleting(null)} />
      <ShopLinkDialog business={linking} onClose={() => setLinking(null)} />
      {selected && (
        <ImportShopsDialog
          opened={importing}
          challengeId={selected.id}
          onClose={() => setImporting(false)}
        />
      )}
    </Stack>
  );
}
