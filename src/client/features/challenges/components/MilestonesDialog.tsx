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
import type { AdminChallengeDto } from '#shared/challenges.ts';
import type { AdminMilestone } from '#shared/milestones.ts';
import { ContentLanguageTabs } from '#client/components/ContentLanguageTabs.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useAdminMilestones, useChangeMilestone } from '../api/milestones.ts';
import { ChallengeCodesModal, CreateCodeFooter } from './CodesList.tsx';

/**
 * /admin/challenges: a battle's milestones (docs/decisions/0046). Before the start each tier can be
 * edited or removed; once the battle runs, tiers are only added and a tier keeps its shops.
 */
export function MilestonesDialog(props: {
  challenge: AdminChallengeDto | null;
  onClose: () => void;
}) {
  const intl = useMessages();
  return (
    <ChallengeCodesModal
      {...props}
      title={intl.formatMessage({ id: 'milestonesDialog.title', defaultMessage: 'Milestones' })}
    >
      {() => props.challenge && <Milestones key={props.challenge.id} challenge={props.challenge} />}
    </ChallengeCodesModal>
  );
}

const numberOrNaN = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/** The reward's words in the battle's other languages, by language code (docs/decisions/0050). */
type RewardTranslations = Record<string, string>;

const rewardTranslationsOf = (tier: AdminMilestone | null): RewardTranslations =>
  Object.fromEntries(
    Object.entries(tier?.translations ?? {}).map(([language, texts]) => [
      language,
      texts.reward ?? '',
    ]),
  );

function Milestones({ challenge }: { challenge: AdminChallengeDto }) {
  const tiers = useAdminMilestones(challenge.id);
  const change = useChangeMilestone(challenge.id);
  const [editing, setEditing] = useState<AdminMilestone | null>(null);
  const [shops, setShops] = useState<number | string>('');
  const [reward, setReward] = useState('');
  const [translations, setTranslations] = useState<RewardTranslations>({});
  const { contentLanguage } = challenge;
  const [stock, setStock] = useState<number | string>('');
  const listId = useId();
  const upcoming = useChallengePhase(challenge) === 'upcoming';
  const intl = useMessages();
  const shopsLabel = intl.formatMessage({ id: 'milestonesDialog.shops', defaultMessage: 'Shops' });
  const rewardLabel = intl.formatMessage({
    id: 'milestonesDialog.reward',
    defaultMessage: 'Reward',
  });

  const fill = (tier: AdminMilestone | null) => {
    setEditing(tier);
    setShops(tier?.shops ?? '');
    setReward(tier?.reward ?? '');
    setTranslations(rewardTranslationsOf(tier));
    setStock(tier?.stock ?? '');
  };

  return (
    <Stack gap="lg">
      <Text size="sm">
        {intl.formatMessage(
          {
            id: 'milestonesDialog.intro',
            defaultMessage:
              'A milestone rewards members who redeem coupons at that many shops, while its stock lasts. {upcoming, select, yes {Until the battle starts you can change or remove any of them.} other {The battle has started: you can add milestones and change a reward or its stock, not its shops.}}',
          },
          { upcoming: upcoming ? 'yes' : 'no' },
        )}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = {
            shops: numberOrNaN(shops),
            reward,
            stock: stock === '' ? null : numberOrNaN(stock),
            translations: Object.fromEntries(
              Object.entries(translations).map(([language, text]) => [language, { reward: text }]),
            ),
          };
          change.mutate(editing ? { id: editing.id, input } : { id: null, input }, {
            onSuccess: () => fill(null),
          });
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label={shopsLabel}
            description={intl.formatMessage({
              id: 'milestonesDialog.shopsHint',
              defaultMessage: 'Distinct shops a member must redeem at',
            })}
            required
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={editing !== null && !upcoming}
            value={shops}
            onChange={setShops}
          />
          <ContentLanguageTabs contentLanguage={contentLanguage}>
            {(language) => (
              <TextInput
                label={rewardLabel}
                description={intl.formatMessage({
                  id: 'milestonesDialog.rewardHint',
                  defaultMessage: 'What they pick up, for example: pint glass',
                })}
                required={language === contentLanguage}
                lang={language}
                value={language === contentLanguage ? reward : (translations[language] ?? '')}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  if (language === contentLanguage) setReward(text);
                  else setTranslations((texts) => ({ ...texts, [language]: text }));
                }}
              />
            )}
          </ContentLanguageTabs>
          <NumberInput
            label={intl.formatMessage({
              id: 'milestonesDialog.stock',
              defaultMessage: 'Stock (optional)',
            })}
            description={intl.formatMessage({
              id: 'milestonesDialog.stockHint',
              defaultMessage: 'How many there are; left empty, no limit',
            })}
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={stock}
            onChange={setStock}
          />
          <CreateCodeFooter
            notCreated={intl.formatMessage({
              id: 'milestonesDialog.notCreated',
              defaultMessage: 'Milestone not created',
            })}
            createLabel={
              editing
                ? intl.formatMessage({
                    id: 'milestonesDialog.save',
                    defaultMessage: 'Save Milestone',
                  })
                : intl.formatMessage({
                    id: 'milestonesDialog.add',
                    defaultMessage: 'Add Milestone',
                  })
            }
            error={change.error}
            pending={change.isPending}
          />
          {editing && (
            <Group justify="flex-end">
              <Button variant="subtle" onClick={() => fill(null)}>
                {intl.formatMessage({
                  id: 'milestonesDialog.cancelEditing',
                  defaultMessage: 'Cancel editing',
                })}
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <Stack gap="xs" component="section" aria-labelledby={listId}>
        <Title order={3} size="h5" id={listId}>
          {intl.formatMessage({
            id: 'milestonesDialog.listTitle',
            defaultMessage: 'Milestones of this battle',
          })}
        </Title>
        {tiers.isPending ? (
          <Text c="dimmed">
            {intl.formatMessage({
              id: 'milestonesDialog.loading',
              defaultMessage: 'Loading milestones…',
            })}
          </Text>
        ) : tiers.isError ? (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'milestonesDialog.loadFailed',
              defaultMessage: 'Could not load the milestones',
            })}
          >
            {errorText(
              tiers.error,
              intl.formatMessage({ id: 'codesList.tryAgain', defaultMessage: 'Please try again.' }),
            )}
          </Alert>
        ) : tiers.data.length === 0 ? (
          <Text c="dimmed">
            {intl.formatMessage({
              id: 'milestonesDialog.none',
              defaultMessage: 'No milestones yet.',
            })}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped aria-labelledby={listId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{shopsLabel}</Table.Th>
                  <Table.Th>{rewardLabel}</Table.Th>
                  <Table.Th>
                    {intl.formatMessage({ id: 'milestonesDialog.given', defaultMessage: 'Given' })}
                  </Table.Th>
                  <Table.Th>
                    {intl.formatMessage({
                      id: 'milestonesDialog.collected',
                      defaultMessage: 'Collected',
                    })}
                  </Table.Th>
                  <Table.Th>
                    {intl.formatMessage({
                      id: 'milestonesDialog.actions',
                      defaultMessage: 'Actions',
                    })}
                  </Table.Th>
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
                          aria-label={intl.formatMessage(
                            {
                              id: 'milestonesDialog.editTier',
                              defaultMessage: 'Edit the {shops}-shop milestone',
                            },
                            { shops: String(tier.shops) },
                          )}
                        >
                          {intl.formatMessage({
                            id: 'milestonesDialog.edit',
                            defaultMessage: 'Edit',
                          })}
                        </Button>
                        {upcoming && (
                          <Button
                            size="xs"
                            variant="default"
                            color="red"
                            loading={change.isPending}
                            onClick={() => change.mutate({ id: tier.id, input: 'remove' })}
                            aria-label={intl.formatMessage(
                              {
                                id: 'milestonesDialog.removeTier',
                                defaultMessage: 'Remove the {shops}-shop milestone',
                              },
                              { shops: String(tier.shops) },
                            )}
                          >
                            {intl.formatMessage({
                              id: 'milestonesDialog.remove',
                              defaultMessage: 'Remove',
                            })}
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
