import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { AdminChallengeDto } from '#shared/challenges.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useAdminChallenges } from '#client/features/challenges/api/get-admin-challenges.ts';
import { ChallengeFormDialog } from '#client/features/challenges/components/ChallengeFormDialog.tsx';
import { ChallengesTable } from '#client/features/challenges/components/ChallengesTable.tsx';
import { VouchersDialog } from '#client/features/challenges/components/VouchersDialog.tsx';
import { PromoCodesDialog } from '#client/features/challenges/components/PromoCodesDialog.tsx';
import { MilestonesDialog } from '#client/features/challenges/components/MilestonesDialog.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { challengeListWords } from '#client/lib/admin-words.ts';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

type DialogState = { opened: false } | { opened: true; challenge: AdminChallengeDto | null };

/**
 * /admin/challenges: list, create and edit challenges (docs/SPEC.md section 2), and each one's
 * vouchers and promo codes (docs/RULES.md rule 24) and milestones (docs/decisions/0046). Behind RequireAdmin.
 */
export default function AdminChallengesRoute() {
  const intl = useMessages();
  usePageMeta({
    exactTitle: intl.formatMessage({
      id: 'adminChallenges.pageTitle',
      defaultMessage: 'Manage Challenges - Admin Dashboard',
    }),
  });
  const challenges = useAdminChallenges();
  const [dialog, setDialog] = useState<DialogState>({ opened: false });
  const [vouchersOf, setVouchersOf] = useState<AdminChallengeDto | null>(null);
  const [promoCodesOf, setPromoCodesOf] = useState<AdminChallengeDto | null>(null);
  const [milestonesOf, setMilestonesOf] = useState<AdminChallengeDto | null>(null);

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {intl.formatMessage({ id: 'adminChallenges.title', defaultMessage: 'Manage Challenges' })}
        </Title>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setDialog({ opened: true, challenge: null })}
        >
          {intl.formatMessage({ id: 'adminChallenges.create', defaultMessage: 'Create Challenge' })}
        </Button>
      </Group>
      <Card withBorder radius="md" padding={0}>
        {challenges.isPending ? (
          <PageLoader label={intl.formatMessage(challengeListWords.loading)} />
        ) : challenges.isError ? (
          <Alert color="red" title={intl.formatMessage(challengeListWords.loadFailed)} m="md">
            {errorText(challenges.error, intl.formatMessage(challengeListWords.fetchFailed))}
          </Alert>
        ) : challenges.data.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed">
            {intl.formatMessage({
              id: 'adminChallenges.none',
              defaultMessage: 'No challenges yet. Create the first one.',
            })}
          </Text>
        ) : (
          <ChallengesTable
            challenges={challenges.data}
            onEdit={(challenge) => setDialog({ opened: true, challenge })}
            onVouchers={setVouchersOf}
            onMilestones={setMilestonesOf}
            onPromoCodes={setPromoCodesOf}
          />
        )}
      </Card>
      <ChallengeFormDialog
        opened={dialog.opened}
        challenge={dialog.opened ? dialog.challenge : null}
        onClose={() => setDialog({ opened: false })}
      />
      <VouchersDialog challenge={vouchersOf} onClose={() => setVouchersOf(null)} />
      <PromoCodesDialog challenge={promoCodesOf} onClose={() => setPromoCodesOf(null)} />
      <MilestonesDialog challenge={milestonesOf} onClose={() => setMilestonesOf(null)} />
    </Stack>
  );
}
