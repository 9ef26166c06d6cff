import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';
import type { AdminMilestone } from '#shared/milestones.ts';
import { errorText } from '#client/lib/api.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useAdminMilestones, useChangeMilestone } from '../api/milestones.ts';
import { ChallengeCodesModal, CreateCodeFooter } from './CodesList.tsx';

/**
 * /admin/challenges: a battle's milestones (docs/decisions/0046). Before the start each tier can be
 * edited or removed; once the battle runs, tiers are only added and a tier keeps its shops.
 */
export function MilestonesDialog(props: { challenge: ChallengeDto | null; onClose: () => void }) {
  return (
    <ChallengeCodesModal {...props} title="Milestones">
      {(challenge) => <Milestones key={challenge.id} challenge={challenge} />}
    </ChallengeCodesModal>
  );
}

const numberOrNaN = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

function Milestones({ challenge }: { challenge: ChallengeDto }) {
  const tiers = useAdminMilestones(challenge.id);
  const change = useChangeMilestone(challenge.id);
  const [editing, setEditing] = useState<AdminMilestone | null>(null);
  const [shops, setShops] = useState<number | string>('');
  const [reward, setReward] = useState('');
  const [stock, setStock] = useState<number | string>('');
  const listId = useId();
  const upcoming = useChallengePhase(challenge) === 'upcoming';

  const fill = (tier: AdminMilestone | null) => {
    setEditing(tier);
    setShops(tier?.shops ?? '');
    setReward(tier?.reward ?? '');
    setStock(tier?.stock ?? '');
  };

  return (
    <Stack gap="lg">
      <Text size="sm">
        A milestone rewards members who redeem coupons at that many shops, while its stock lasts.
        {upcoming
          ? ' Until the battle starts you can change or remove any of them.'
          : ' The battle has started: you can add milestones and change a reward or its stock, not its shops.'}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = {
            shops: numberOrNaN(shops),
            reward,
            stock: stock === '' ? null : numberOrNaN(stock),
          };
          change.mutate(editing ? { id: editing.id, input } : { id: null, input }, {
            onSuccess: () => fill(null),
          });
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label="Shops"
            description="Distinct shops a member must redeem at"
            required
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={editing !== null && !upcoming}
            value={shops}
            onChange={setShops}
          />
          <TextInput
            label="Reward"
            description="What they pick up, for example: pint glass"
            required
            value={reward}
            onChange={(event) => setReward(event.currentTarget.value)}
          />
          <NumberInput
            label="Stock (optional)"
            description="How many there are; left empty, no limit"
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={stock}
            onChange={setStock}
          />
          <CreateCodeFooter
            noun="Milestone"
            createLabel={editing ? 'Save Milestone' : 'Add Milestone'}
            error={change.error}
            pending={change.isPending}
          />
          {editing && (
            <Group justify="flex-end">
              <Button variant="subtle" onClick={() => fill(null)}>
                Cancel editing
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <Stack gap="xs" component="section" aria-labelledby={listId}>
        <Title order={3} size="h5" id={listId}>
          Milestones of this battle
        </Title>
        {tiers.isPending ? (
          <Text c="dimmed">Loading milestones…</Text>
        ) : tiers.isError ? (
          <Alert color="red" title="Could not load the milestones">
            {errorText(tiers.error, 'Please try again.')}
          </Alert>
        ) : tiers.data.length === 0 ? (
          <Text c="dimmed">No milestones yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped aria-labelledby={listId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Shops</Table.Th>
                  <Table.Th>Reward</Table.Th>
                  <Table.Th>Given</Table.Th>
                  <Table.Th>Collected</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tiers.data.map((tier) => (
                  <Table.Tr key={tier.id}>
                    <Table.Td>{tier.shops}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{tier.reward}</Table.Td>
                    <Table.Td>
                      {tier.stock === null ? tier.issued : `${tier.issued} / ${tier.stock}`}
                    </Table.Td>
                    <Table.Td>{tier.collected}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="wrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => fill(tier)}
                          aria-label={`Edit the ${tier.shops}-shop milestone`}
                        >
                          Edit
                        </Button>
                        {upcoming && (
                          <Button
                            size="xs"
                            variant="default"
                            color="red"
                            loading={change.isPending}
                            onClick={() => change.mutate({ id: tier.id, input: 'remove' })}
                            aria-label={`Remove the ${tier.shops}-shop milestone`}
                          >
                            Remove
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
